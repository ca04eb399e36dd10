import { messages } from '@app/shared';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/a11y';
import { linkIn, uniqueEmail } from '../fixtures/patients';
import { expect, test, type Site } from '../fixtures/site';

/**
 * Clinicians in the browser, on a phone: an admin invites one from the dashboard's Clinicians tab,
 * the clinician sets a password from the invitation mail, signs in with it and the e-mailed link,
 * lands on the clinic and goes on duty.
 */
const ADMIN_EMAIL = 'admin@careconnect.test';
const ADMIN_PASSWORD = 'Adm1n!secret';
const CLINICIAN_PASSWORD = 'Quill!Meadow48';
// A valid NPI: 123456789 and its check digit.
const NPI = '1234567893';
test.use({ siteEnv: { ADMIN_EMAIL, ADMIN_PASSWORD }, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** The password, then the e-mailed link confirmed on its page: where the staff member lands is the app's choice. */
async function signInAsStaff(page: Page, site: Site, email: string, password: string, button: string) {
  const sentBefore = site.mailbox.messages.length;
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: messages.magicLinkSent })).toBeVisible();
  const mail = await site.mailbox.waitFor(email, (m) => /sign-in link/.test(m.subject) && site.mailbox.messages.indexOf(m) >= sentBefore);
  await page.goto(linkIn(mail, site.baseURL, '/verify-admin-login/'));
  await page.getByRole('button', { name: button }).click();
}

test('an admin invites a clinician, who sets a password, signs in and goes on duty', async ({ page, site }, testInfo) => {
  const email = uniqueEmail('mary');

  await signInAsStaff(page, site, ADMIN_EMAIL, ADMIN_PASSWORD, 'Sign in to the admin dashboard');
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('tab', { name: 'Clinicians' }).click();
  const form = page.getByRole('form', { name: 'Invite a clinician' });
  await form.getByLabel('First name').fill('Mary');
  await form.getByLabel('Last name').fill('Seacole');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('NPI').fill(NPI);
  await form.getByLabel('Credentials').selectOption('NP');
  await form.getByRole('searchbox', { name: 'Find a state' }).fill('miss');
  await form.getByRole('checkbox', { name: /Missouri/ }).check();
  await form.getByRole('searchbox', { name: 'Find a state' }).fill('');
  await form.getByRole('checkbox', { name: /Kansas/ }).check();
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByRole('status')).toContainText(messages.clinicianInvited(email));
  const listed = page.getByRole('list', { name: 'Clinicians' }).getByRole('article').filter({ hasText: email });
  await expect(listed.getByRole('heading', { level: 3, name: 'Mary Seacole, NP' })).toBeVisible();
  await expect(listed.getByText('Off duty')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('admin-clinicians-phone.png'), fullPage: true });
  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(page).toHaveURL(/\/login$/);

  const invitation = await site.mailbox.waitFor(email, /invited to the .* clinic/);
  await page.goto(linkIn(invitation, site.baseURL, '/clinic/welcome?token='));
  await expect(page.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(CLINICIAN_PASSWORD);
  await page.getByLabel('Confirm new password', { exact: true }).fill(CLINICIAN_PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status').filter({ hasText: messages.clinicianInvitationAccepted })).toBeVisible();

  await signInAsStaff(page, site, email, CLINICIAN_PASSWORD, 'Sign in to the clinic');
  await expect(page).toHaveURL(/\/clinic$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Clinic' })).toBeVisible();
  await expect(page.getByText('Mary Seacole, NP')).toBeVisible();
  const duty = page.getByRole('switch', { name: 'On duty' });
  await expect(duty).toHaveAttribute('aria-checked', 'false');
  await duty.click();
  await expect(duty).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText(messages.clinicOnDuty)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Queue' })).toContainText(messages.clinicQueuePlaceholder);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'On duty' })).toHaveAttribute('aria-checked', 'true');
  await page.screenshot({ path: testInfo.outputPath('clinic-phone.png'), fullPage: true });
  await expectAccessible(page);
});
