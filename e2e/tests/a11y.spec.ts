import { messages } from '@app/shared';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/a11y';
import { expect, test } from '../fixtures/site';

/**
 * Automated WCAG 2 A and AA checks (axe-core) of the account pages, once each has settled; home.spec.ts
 * checks the home page and the other public pages.
 */
test.use({ viewport: { width: 1280, height: 800 } });

const pages: Array<{ name: string; path: string; settled: (page: Page) => Promise<void> }> = [
  {
    name: 'sign-up',
    path: '/consult',
    settled: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
      await expect(page.getByRole('group', { name: 'Choose your membership plan' }).getByRole('radio')).toHaveCount(3);
    },
  },
  {
    name: 'sign-in',
    path: '/login',
    settled: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    },
  },
  {
    name: 'password reset',
    path: '/reset-password?token=x',
    settled: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
      await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
    },
  },
  {
    name: 'e-mail verification (a bad link, once the answer is in)',
    path: '/verify-email/x',
    settled: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Email verification' })).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: messages.verifyTokenInvalid })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();
    },
  },
];

for (const { name, path, settled } of pages) {
  test(`the ${name} page (${path}) has no WCAG 2 A/AA violations`, async ({ page }) => {
    await page.goto(path);
    await settled(page);
    await expectAccessible(page);
  });
}

test('the sign-up form with every error shown has no WCAG 2 A/AA violations', async ({ page }) => {
  await page.goto('/consult');
  await expect(page.getByRole('group', { name: 'Choose your membership plan' }).getByRole('radio')).toHaveCount(3);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(messages.smsTerms)).toBeVisible();
  await expectAccessible(page);
});

test('the sign-in page with the forgot-password block open and a failed attempt has no WCAG 2 A/AA violations', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill('someone@careconnect.test');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: messages.loginBothRequired })).toBeVisible();
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByLabel('Account email')).toBeVisible();
  await expectAccessible(page);
});
