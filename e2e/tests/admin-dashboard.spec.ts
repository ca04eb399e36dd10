import { readFileSync } from 'node:fs';
import { messages } from '@app/shared';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/a11y';
import { createVerifiedPatient, linkIn, uniqueEmail } from '../fixtures/patients';
import { expect, test, type Site } from '../fixtures/site';

/**
 * The admin dashboard in the browser: an admin signs in by magic link, finds a member by e-mail,
 * edits and saves them (with the reason a subscription change needs), sees the change after a
 * reload, drops unsaved edits, exports every user as JSON and reads the analytics with its chart;
 * and records an expense with its receipt.
 */
const ADMIN_EMAIL = 'admin@careconnect.test';
const ADMIN_PASSWORD = 'Adm1n!secret';
const PASSWORD = 'Kestrel!Harbor29';
test.use({ siteEnv: { ADMIN_EMAIL, ADMIN_PASSWORD }, viewport: { width: 1280, height: 800 } });

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** The password sends a magic link; the confirmed link signs the admin in and lands on the dashboard. */
async function signInAsAdmin(page: Page, site: Site) {
  const sentBefore = site.mailbox.messages.length;
  await signInWithPassword(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page.getByRole('status').filter({ hasText: messages.magicLinkSent })).toBeVisible();
  const mail = await site.mailbox.waitFor(
    ADMIN_EMAIL,
    (m) => /admin sign-in link/.test(m.subject) && site.mailbox.messages.indexOf(m) >= sentBefore,
  );
  await page.goto(linkIn(mail, site.baseURL, '/verify-admin-login/'));
  await page.getByRole('button', { name: 'Sign in to the admin dashboard' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
}

const usersCard = (page: Page) => page.getByRole('region', { name: 'Users', exact: true });
const userCard = (page: Page, name: string) =>
  usersCard(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

async function search(page: Page, text: string) {
  await usersCard(page).getByRole('searchbox', { name: 'Search by email' }).fill(text);
  await usersCard(page).getByRole('button', { name: 'Search', exact: true }).click();
}

test('an admin finds, edits and saves a member, exports everyone as JSON and reads the analytics', async ({ page, request, site }) => {
  const email = uniqueEmail('dana');
  await createVerifiedPatient(request, site, {
    email,
    password: PASSWORD,
    firstName: 'Dana',
    lastName: 'Whitfield',
    plan: 'familyMonthly',
  });
  await createVerifiedPatient(request, site, {
    email: uniqueEmail('eli'),
    password: PASSWORD,
    firstName: 'Eli',
    lastName: 'Moreno',
    plan: 'familyMonthly',
  });
  await signInAsAdmin(page, site);

  // Analytics: the four numbers, a chart of the last 30 days, and the same numbers as a table.
  const analytics = page.getByRole('region', { name: 'Analytics' });
  await expect(analytics.getByRole('term').filter({ hasText: 'Total users' })).toBeVisible();
  await expect(analytics.getByRole('definition').first()).toHaveText(/^\d[\d,]*$/);
  await expect(analytics.getByRole('definition').nth(2)).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(analytics.locator('.admin-chart__plot canvas').first()).toBeVisible();
  await analytics.getByText('Show the numbers as a table').click();
  await expect(analytics.getByRole('region', { name: 'Analytics table' }).getByRole('table').getByRole('row')).toHaveCount(31);

  // Search: too short says so; a part of the e-mail finds the member.
  await search(page, ' da ');
  await expect(usersCard(page).getByText(messages.searchTooShort)).toBeVisible();
  await search(page, email.slice(0, 12).toUpperCase());
  await expect(userCard(page, 'Dana Whitfield')).toBeVisible();
  await expect(usersCard(page).getByText('Page 1 of 1')).toBeVisible();

  // Edit and save: a subscription change needs a reason.
  const card = userCard(page, 'Dana Whitfield');
  await card.getByRole('button', { name: 'View Details' }).click();
  const save = card.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  await card.getByLabel('Last name').fill('Whitfield-Ross');
  await card.getByLabel('Status').selectOption('cancelled');
  await save.click();
  await expect(card.getByText(messages.changeReasonRequired)).toBeVisible();
  await card.getByLabel(/Reason for this change/).fill('Member asked to cancel by phone');
  await save.click();
  const saved = userCard(page, 'Dana Whitfield-Ross');
  await expect(saved.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await expect(saved.getByRole('region', { name: 'History' }).getByText('Reason: Member asked to cancel by phone')).toBeVisible();

  // After a reload the change is still there.
  await page.reload();
  await search(page, email);
  const reloaded = userCard(page, 'Dana Whitfield-Ross');
  await expect(reloaded.getByText(/^Cancelled · /)).toBeVisible();
  await reloaded.getByRole('button', { name: 'View Details' }).click();
  await expect(reloaded.getByLabel('Status')).toHaveValue('cancelled');

  // Unsaved edits can be dropped.
  await reloaded.getByLabel('First name').fill('Temporary');
  await expect(reloaded.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
  await reloaded.getByRole('button', { name: 'Reset Changes' }).click();
  await expect(reloaded.getByLabel('First name')).toHaveValue('Dana');
  await expect(reloaded.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

  await expectAccessible(page);

  // On a 390 px phone the dashboard, with a card open, fits the screen: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Every user as JSON, with the count loaded.
  const json = page.getByRole('region', { name: 'Users JSON' });
  await json.getByRole('button', { name: 'Load all users as JSON' }).click();
  await expect(json.getByRole('status')).toHaveText(/^(\d[\d,]*) of \1 users loaded$/);
  await json.getByRole('button', { name: 'Show JSON' }).click();
  await expect(json.getByLabel('All users as JSON')).toContainText(email);
  await expect(json.getByRole('button', { name: 'Refresh all users' })).toBeVisible();

  // The admin's profile link leads back to the dashboard.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/admin$/);
});

/** A small but real PDF: the server checks a receipt's first bytes against its declared type. */
const receiptPdf = Buffer.from(
  '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

// East of Chicago, the start of a day in the browser is still the day before in Chicago, where the business keeps its days.
test.describe('an admin in India', () => {
  test.use({ timezoneId: 'Asia/Kolkata' });

  test('records an expense in rupees with a PDF receipt, finds it by its day and currency, downloads the receipt and deletes it', async ({
    page,
    site,
  }) => {
    await signInAsAdmin(page, site);
    await page.getByRole('tab', { name: 'Expenses' }).click();
    const panel = page.getByRole('region', { name: 'Expenses', exact: true });
    const expenseCard = (name: string) =>
      panel.getByRole('article').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
    const title = `Bengaluru support team ${Date.now()}`;

    // A new expense: at the top, open, with the receipt uploaded before the first save.
    await panel.getByRole('button', { name: 'Add Expense' }).click();
    const draft = expenseCard('New expense');
    await draft.getByLabel('Title').fill(title);
    await draft.getByLabel('Original Currency').selectOption('INR');
    await draft.getByLabel('Original Amount').fill('8300');
    await draft.getByLabel('Spent Date').fill('2026-11-01');
    await draft
      .getByLabel('Receipt file (PDF, JPEG or PNG)')
      .setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: receiptPdf });
    await expect(draft.getByText('invoice.pdf')).toBeVisible();
    await draft.getByRole('button', { name: 'Save', exact: true }).click();
    const saved = expenseCard(title);
    await expect(saved.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

    // After a reload: converted at the configured rate (83 rupees to the dollar), the receipt downloads as sent.
    await page.reload();
    await page.getByRole('tab', { name: 'Expenses' }).click();
    const card = expenseCard(title);
    await expect(card.getByText('₹8,300.00')).toBeVisible();
    await expect(card.getByText('$100.00')).toBeVisible();
    await expect(card.getByText('Nov 1, 2026')).toBeVisible();
    await card.getByRole('button', { name: 'View Details' }).click();
    await expect(card.getByLabel('Spent Date')).toHaveValue('2026-11-01');
    await expect(card.getByText(ADMIN_EMAIL)).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: 'invoice.pdf' }).click()]);
    expect(download.suggestedFilename()).toBe('invoice.pdf');
    expect(readFileSync(await download.path())).toEqual(receiptPdf);

    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The filter finds it on the day it was typed with, under INR and not under USD.
    const filters = panel.getByRole('form', { name: 'Filter expenses' });
    await filters.getByLabel('Start date').fill('2026-11-01');
    await filters.getByLabel('End date').fill('2026-11-01');
    await filters.getByLabel('Currency').selectOption('USD');
    await filters.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(card).toHaveCount(0);
    await filters.getByLabel('Currency').selectOption('INR');
    await filters.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(card).toBeVisible();

    // Deleting asks first.
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(messages.confirmExpenseDelete);
      void dialog.accept();
    });
    await card.getByRole('button', { name: 'View Details' }).click();
    await card.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(card).toHaveCount(0);
  });
});
