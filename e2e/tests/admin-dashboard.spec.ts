import { readFileSync } from 'node:fs';
import { messages } from '@app/shared';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/a11y';
import { openConsoleSection } from '../fixtures/console';
import { createVerifiedPatient, uniqueEmail } from '../fixtures/patients';
import { keepPicture } from '../fixtures/pictures';
import { expect } from '../fixtures/site';
import { ADMIN_EMAIL, openConsole, STAFF_SITE_ENV, test } from '../fixtures/staff';

/**
 * The operator's console in the browser: an admin signs in by magic link, finds a member in the table,
 * edits and saves them on their page (with the reason a subscription change needs), sends a reset e-mail
 * through the in-app dialog, sees the change and the plain-words history after a reload, drops unsaved edits,
 * exports every user as JSON and reads the analytics with its chart; every section at 1,440 and 390 px;
 * and records an expense with its receipt.
 */
const PASSWORD = 'Kestrel!Harbor29';
test.use({ siteEnv: STAFF_SITE_ENV, viewport: { width: 1280, height: 800 } });

const consoleNav = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' });
const membersTable = (page: Page) => page.getByRole('region', { name: 'Member list' });
const details = (page: Page) => page.getByRole('region', { name: 'Details' });

async function search(page: Page, text: string) {
  await membersTable(page).getByRole('searchbox', { name: 'Search by name, email or customer ID' }).fill(text);
  await membersTable(page).getByRole('button', { name: 'Search', exact: true }).click();
}

test('an admin finds, edits and saves a member, sends a reset e-mail, exports everyone as JSON and reads the analytics', async ({
  page,
  request,
  site,
  adminSession,
}) => {
  // A long journey: the member's page, its dialog, two reloads and two axe checks.
  test.slow();
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
  await openConsole(page, adminSession);

  // Analytics: the four numbers, a chart of the last 30 days, and the same numbers as a table.
  const analytics = page.getByRole('region', { name: 'Analytics' });
  await expect(analytics.getByRole('term').filter({ hasText: 'Total users' })).toBeVisible();
  // Each number, then its change since the comparison day.
  await expect(analytics.getByRole('definition').first()).toHaveText(/^\d[\d,]*(No change|▲|▼)/);
  await expect(analytics.getByRole('definition').nth(2)).toHaveText(/^\$[\d,]+\.\d{2}(No change|▲|▼)/);
  await expect(analytics.locator('.admin-chart__plot canvas').first()).toBeVisible();
  await analytics.getByText('Show the numbers as a table').click();
  await expect(analytics.getByRole('region', { name: 'Analytics table' }).getByRole('table').getByRole('row')).toHaveCount(31);

  // Search: too short says so; a part of the e-mail finds the member, whose name opens their page.
  await consoleNav(page).getByRole('link', { name: 'Members' }).click();
  await expect(page).toHaveURL(/\/admin\/members$/);
  await search(page, ' da ');
  await expect(membersTable(page).getByText(messages.searchTooShort)).toBeVisible();
  await search(page, email.slice(0, 12).toUpperCase());
  await expect(membersTable(page).getByText('Page 1 of 1')).toBeVisible();
  const row = membersTable(page).getByRole('row').filter({ hasText: email });
  await expect(row.getByRole('cell')).toHaveText([email, 'Family monthly', 'Pending', '$49.99', /\w{3} \d{1,2}, \d{4}/, 'Yes']);
  await row.getByRole('link', { name: 'Dana Whitfield' }).click();
  await expect(page).toHaveURL(/\/admin\/members\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dana Whitfield' })).toBeVisible();

  // Edit and save: a subscription change needs a reason.
  const save = details(page).getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  await details(page).getByLabel('Last name').fill('Whitfield-Ross');
  await details(page).getByLabel('Status').selectOption('cancelled');
  await save.click();
  await expect(details(page).getByText(messages.changeReasonRequired)).toBeVisible();
  await details(page)
    .getByLabel(/Reason for this change/)
    .fill('Member asked to cancel by phone');
  await save.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dana Whitfield-Ross' })).toBeVisible();
  await expect(save).toBeDisabled();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText('Reason: Member asked to cancel by phone')).toBeVisible();
  await expect(history.getByText('Admin edited the account')).toBeVisible();

  // A reset e-mail is asked for in the page's own dialog, and its result stays as a toast until dismissed.
  await details(page).getByRole('button', { name: 'Send Reset Email' }).click();
  const dialog = page.getByRole('dialog', { name: messages.confirmPasswordReset });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send Reset Email' }).click();
  const toast = page.getByRole('region', { name: 'Results' });
  await expect(toast).toContainText(messages.passwordResetSentTo(email));
  await expect(details(page).getByRole('button', { name: 'Send Reset Email' })).toBeFocused();
  await toast.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toast).toBeEmpty();

  // After a reload the change is still there, and the history reads in plain words.
  await page.reload();
  await expect(details(page).getByLabel('Status')).toHaveValue('cancelled');
  await expect(history.getByText('Admin sent a password reset')).toBeVisible();
  await expect(history.getByText(/^Admin viewed the account \(\d+×\)$/).first()).toBeVisible();

  // Unsaved edits can be dropped.
  await details(page).getByLabel('First name').fill('Temporary');
  await expect(save).toBeEnabled();
  await details(page).getByRole('button', { name: 'Reset Changes' }).click();
  await expect(details(page).getByLabel('First name')).toHaveValue('Dana');
  await expect(save).toBeDisabled();

  await expectAccessible(page);

  // On a 390 px phone the member's page fits the screen: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Back to the list as it was left; every user as JSON, with the count loaded.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Members' }).click();
  await expect(membersTable(page).getByRole('link', { name: 'Dana Whitfield-Ross' })).toBeVisible();
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

const SECTIONS = [
  ['Overview', '/admin', 'Admin dashboard'],
  ['Members', '/admin/members', 'Members'],
  ['Visits', '/admin/visits', 'Visits'],
  ['Clinicians', '/admin/clinicians', 'Clinicians'],
  ['Expenses', '/admin/expenses', 'Expenses'],
  ['Profit', '/admin/profit', 'Profit'],
  ['Enquiries', '/admin/enquiries', 'Enquiries'],
  ['Audit log', '/admin/audit-log', 'Audit log'],
  ['Settings', '/admin/settings', 'Settings'],
] as const;

for (const { width, height } of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`the console at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('has its own frame with a navigation to every section, each accessible and fitting the screen', async ({ page, adminSession }) => {
      // Nine sections, each checked by axe and kept as a picture.
      test.slow();
      await openConsole(page, adminSession);
      // No marketing bar, footer or floating buttons.
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Book an Appointment' })).toHaveCount(0);
      const menu = page.getByRole('button', { name: 'Menu' });
      for (const [label, path, heading] of SECTIONS) {
        if (width < 900) {
          await expect(consoleNav(page)).toBeHidden();
          await menu.click();
          await expect(menu).toHaveAttribute('aria-expanded', 'true');
        } else {
          await expect(menu).toBeHidden();
        }
        await consoleNav(page).getByRole('link', { name: label }).click();
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        // On a phone the chosen link has folded the menu away: its links are looked up hidden.
        await expect(page.locator('#console-nav-menu').getByRole('link', { name: label, includeHidden: true })).toHaveAttribute(
          'aria-current',
          'page',
        );
        await expect(page.locator('[aria-busy="true"], .spinner')).toHaveCount(0);
        await expectAccessible(page);
        await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await keepPicture(page, `console-${label.toLowerCase()}`);
      }
      if (width < 900) {
        await menu.click();
        await expectAccessible(page);
        await keepPicture(page, 'console-menu', undefined, { fullPage: false });
      }
    });

    test('defines each figure, and reads every chart by pointer and by keyboard over a quick range', async ({ page, adminSession }) => {
      await openConsole(page, adminSession);
      const analytics = page.getByRole('region', { name: 'Analytics' });

      // A figure's definition shows on hover and on focus, and Escape hides it.
      const revenueTerm = analytics.getByRole('term').filter({ hasText: /^Monthly recurring revenue/ });
      const revenue = revenueTerm.getByText('Monthly recurring revenue', { exact: true });
      const revenueTip = revenueTerm.locator('[role="tooltip"]');
      await revenue.hover();
      await expect(revenueTip).toBeVisible();
      await expect(revenueTip).toHaveText(/^Monthly recurring revenue: the monthly price of every active monthly membership now/);
      await page.mouse.move(0, 0);
      await expect(revenueTip).toBeHidden();
      await revenue.focus();
      await expect(revenueTip).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(revenueTip).toBeHidden();
      // A definition opened at the screen's edge stays on the screen.
      const signups = analytics.getByRole('term').filter({ hasText: /^Sign-ups, last 7 days/ });
      await signups.getByText('Sign-ups, last 7 days', { exact: true }).focus();
      const tipBox = (await signups.locator('[role="tooltip"]').boundingBox())!;
      expect(tipBox.x).toBeGreaterThanOrEqual(0);
      expect(tipBox.x + tipBox.width).toBeLessThanOrEqual(width);

      // Three charts: people, recurring revenue, and cash collected on its own.
      await expect(analytics.getByRole('figure')).toHaveCount(3);
      const cash = analytics.getByRole('group', { name: /^Cash collected per day \(USD\)/ });
      const tooltip = cash.locator('.admin-chart__tooltip');
      // By keyboard: focus opens on the last day, which is today and so partial; the arrows move.
      await cash.focus();
      await expect(tooltip).toContainText('(partial)');
      await expect(tooltip).toContainText(/Cash collected: \$[\d,]+\.\d{2}/);
      await page.keyboard.press('ArrowLeft');
      await expect(tooltip).not.toContainText('(partial)');
      await page.keyboard.press('Home');
      await expect(cash.locator('[aria-live="polite"]')).toHaveText(/^\w{3}, \w{3} \d{1,2}, \d{4}: Cash collected \$/);
      // By pointer, anywhere on the plot.
      await cash.blur();
      await expect(tooltip).toBeHidden();
      const box = (await cash.locator('.u-over').boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await expect(tooltip).toContainText(/Cash collected: \$/);

      // The last 12 months, by month: this month is partial and shaded as such.
      await analytics.getByRole('group', { name: 'Quick ranges' }).getByRole('button', { name: 'Last 12 months' }).click();
      await expect(analytics.getByLabel('Interval')).toHaveValue('month');
      const revenueChart = analytics.getByRole('group', { name: /^Monthly recurring revenue at the end of each month/ });
      await revenueChart.focus();
      await expect(revenueChart.locator('.admin-chart__tooltip')).toContainText(/^\w+ \d{4} \(partial\)Monthly recurring revenue: \$/);
      await expect(analytics.getByText('Hatched: a partial month').first()).toBeVisible();
      await expectAccessible(page);
      await keepPicture(page, 'console-figures');

      // Profit: net bars on a dollar axis, each month's figures and margin, a totals row.
      await openConsoleSection(page, 'Profit');
      const profit = page.getByRole('group', { name: /^Net per month \(USD\)/ });
      await profit.focus();
      for (const line of [/Cash collected: \$/, /Expenses: \$/, /Net: -?\$/, /Margin: (-?[\d.]+%|—)/]) {
        await expect(profit.locator('.admin-chart__tooltip')).toContainText(line);
      }
      await expect(page.getByRole('region', { name: 'Profit table' }).getByRole('row').last()).toContainText(/^Total—\$/);
      await page.getByRole('group', { name: 'Quick ranges' }).getByRole('button', { name: 'Last month' }).click();
      await expect(page.getByRole('region', { name: 'Profit table' }).getByRole('row')).toHaveCount(3);
      await expectAccessible(page);
      await keepPicture(page, 'console-profit');

      // Expenses: the same quick ranges filter at once.
      await openConsoleSection(page, 'Expenses');
      await page.getByRole('group', { name: 'Quick ranges' }).getByRole('button', { name: 'This month' }).click();
      await expect(page.getByLabel('Start date')).toHaveValue(/^\d{4}-\d{2}-01$/);
    });
  });
}

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
    adminSession,
  }) => {
    await openConsole(page, adminSession);
    await consoleNav(page).getByRole('link', { name: 'Expenses' }).click();
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
    await expect(page.getByRole('region', { name: 'Results' })).toContainText(messages.expenseSaved);
    await page.reload();
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

    // Deleting asks first, in the page's own dialog: Escape keeps the expense, Delete removes it.
    await card.getByRole('button', { name: 'View Details' }).click();
    const remove = card.getByRole('button', { name: 'Delete', exact: true });
    await remove.click();
    const dialog = page.getByRole('dialog', { name: messages.confirmExpenseDelete });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(remove).toBeFocused();
    await remove.click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(card).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Results' })).toContainText(messages.expenseDeleted);
  });
});
