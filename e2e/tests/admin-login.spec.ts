import { messages } from '@app/shared';
import type { Page } from '@playwright/test';
import { createVerifiedPatient, linkIn } from '../fixtures/patients';
import { expect, test } from '../fixtures/site';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../fixtures/staff';

/**
 * Admin sign-in: a password never gives an admin a session by itself; it sends a single-use magic
 * link, and the link only signs in after a button press on the confirmation screen (mail scanners
 * open links, so opening alone must not spend it).
 */
test.use({ siteEnv: { ADMIN_EMAIL, ADMIN_PASSWORD }, viewport: { width: 1280, height: 800 } });

async function openLogin(page: Page) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

const storedToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('authToken') ?? localStorage.getItem('authToken'));

async function expectConfirmationScreen(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm admin sign-in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in to the admin dashboard' })).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await storedToken(page)).toBeNull();
}

test('an admin signs in with the password, then confirms the e-mailed link; opening the link alone does not spend it', async ({
  page,
  site,
}) => {
  await openLogin(page);
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);

  // The password alone gives no session: a magic link is on its way and the form is locked.
  await expect(page.getByRole('status').filter({ hasText: messages.magicLinkSent })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeDisabled();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBeNull();

  const mail = await site.mailbox.waitFor(ADMIN_EMAIL, /admin sign-in link/);
  const link = linkIn(mail, site.baseURL, '/verify-admin-login/');

  // Opening the link, and opening it again, only shows the confirmation screen.
  await page.goto(link);
  await expectConfirmationScreen(page);
  await page.reload();
  await expectConfirmationScreen(page);

  // The button press spends the link and signs in: the link was still unused after two visits.
  await page.getByRole('button', { name: 'Sign in to the admin dashboard' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
  await expect(page.getByText(`Signed in as`)).toContainText(ADMIN_EMAIL);
  expect(await storedToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

  // An admin visiting the patient profile is sent to the dashboard.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm admin sign-in' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in to the admin dashboard' }).click();
  await expect(page.getByRole('alert').filter({ hasText: messages.magicLinkInvalid })).toBeVisible();
  await expect(page).toHaveURL(/\/verify-admin-login\//);
});

test('a patient visiting /admin is sent to the profile', async ({ page, request, site }) => {
  const email = 'pat.patient@careconnect.test';
  const password = 'Pat!ent123';
  await createVerifiedPatient(request, site, { email, password, firstName: 'Pat' });

  await openLogin(page);
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Pat' })).toBeVisible();

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Pat' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toHaveCount(0);
});
