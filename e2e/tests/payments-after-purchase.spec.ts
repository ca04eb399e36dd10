import { readFileSync } from 'node:fs';
import { messages } from '@app/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { readPdf } from '../../apps/server/src/test/pdf-text';
import { openMember } from '../fixtures/console';
import { createMember, openSignedIn, uniqueEmail } from '../fixtures/patients';
import { keepPicture, PHONE } from '../fixtures/pictures';
import { expect, type Site } from '../fixtures/site';
import { openConsole, STAFF_SITE_ENV, test } from '../fixtures/staff';

test.use({ siteEnv: STAFF_SITE_ENV });

const PASSWORD = 'Str0ng!pass';

/** A patient signed in on `page` who paid Individual Monthly with the sandbox's Visa 4242; answers their e-mail. */
async function payingMember(page: Page, request: APIRequestContext, site: Site, firstName: string) {
  const email = uniqueEmail(firstName.toLowerCase());
  await openSignedIn(page, '/profile', await createMember(request, site, { email, password: PASSWORD, firstName, lastName: 'Okafor' }));
  return email;
}

const membership = (page: Page) => page.getByRole('region', { name: 'Membership' });
const historyRows = (page: Page) => membership(page).getByRole('region', { name: 'Payment history' }).getByRole('row');

test('a past-due member updates the card and is charged once for the renewal that failed', async ({
  page,
  request,
  site,
  adminSession,
}) => {
  const email = await payingMember(page, request, site, 'Pat');
  // The renewal failed: an admin records it as past due (the renewal job does the same after a decline).
  // The token the admin's browser keeps (its session storage's authToken).
  const headers = { authorization: `Bearer ${adminSession.token}` };
  const found = await request.get(`/api/admin/search?email=${encodeURIComponent(email)}`, { headers });
  const [view] = ((await found.json()) as { content: { id: string }[] }).content;
  const edit = await request.put(`/api/admin/users/${view!.id}`, {
    headers,
    data: { ...view, subscriptionStatus: 'past_due', reason: 'Renewal declined by the bank' },
  });
  expect(edit.status(), await edit.text()).toBe(200);

  await page.reload();
  const banner = membership(page).getByRole('alert').filter({ hasText: messages.lastPaymentFailed });
  await expect(banner).toBeVisible();
  await keepPicture(page, 'past-due');
  await banner.getByRole('button', { name: 'Update card' }).click();

  const form = membership(page).getByRole('form', { name: 'Update card' });
  await form.getByLabel('Street address').fill('100 Market Street');
  await form.getByLabel('City').fill('Saint Louis');
  await form.getByLabel('State').fill('MO');
  await form.getByLabel('ZIP').fill('63101');
  await form.getByLabel('Name on card').fill('Pat Okafor');
  await form.getByLabel('Card number').pressSequentially('5555555555554444');
  await form.getByLabel('Expiry (MM/YY)').pressSequentially('1234');
  await form.getByLabel('CVC').fill('123');
  await keepPicture(page, 'update-card', [PHONE]);
  // A double click sends one request: the button is busy until the answer.
  await form.getByRole('button', { name: 'Save card and pay' }).dblclick();

  await expect(membership(page).getByText(messages.cardUpdatedAndPaid)).toBeVisible();
  await expect(membership(page).getByText('Mastercard ending in 4444')).toBeVisible();
  await expect(banner).toBeHidden();
  // The checkout and one renewal, both paid: the renewal that failed is charged once.
  await expect(historyRows(page).filter({ hasText: 'Renewal' })).toHaveCount(1);
  await expect(historyRows(page).filter({ hasText: 'Renewal' }).getByText('Paid')).toBeVisible();
  await keepPicture(page, 'card-updated');
});

test('a member downloads the receipt of a payment and it says what an HSA administrator asks for', async ({ page, request, site }) => {
  await payingMember(page, request, site, 'Riley');
  const paid = historyRows(page).filter({ hasText: 'Individual Monthly' });
  const [download] = await Promise.all([page.waitForEvent('download'), paid.getByRole('button', { name: 'Download receipt' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^receipt-\d{4}-\d{2}-\d{2}\.pdf$/);
  const { text } = readPdf(readFileSync(await download.path()));
  for (const expected of ['Receipt', 'Riley Okafor', 'Individual Monthly membership', '$29.99', 'Visa ending in 4242', 'Tax ID (EIN):']) {
    expect(text).toContain(expected);
  }
  await keepPicture(page, 'history', [PHONE]);
});

test('an admin refunds part of a payment, and the member is told and sees it', async ({ page, browser, request, site, adminSession }) => {
  // Two people's journeys, the member's purchase typed in full, and a second browser context.
  test.slow();
  const email = await payingMember(page, request, site, 'Sam');

  const adminContext = await browser.newContext({ baseURL: site.baseURL, viewport: { width: 1280, height: 900 } });
  const adminPage = await adminContext.newPage();
  await openConsole(adminPage, adminSession);
  await openMember(adminPage, email, 'Sam Okafor');
  const payments = adminPage.getByRole('region', { name: 'Payments' });
  await payments.getByRole('button', { name: 'Refund', exact: true }).click();
  const refund = payments.getByRole('group', { name: 'Refund Individual Monthly' });
  await refund.getByLabel('Amount to refund (USD)').fill('10');
  await refund.getByLabel('Reason for the refund').fill('Asked within the first week');
  await keepPicture(adminPage, 'refund');
  await refund.getByRole('button', { name: 'Refund $10.00' }).click();
  await expect(payments.getByText(messages.refundDone('$10.00'))).toBeVisible();
  await expect(payments.getByText('$19.99 left to refund')).toBeVisible();
  await adminContext.close();

  await site.mailbox.waitFor(email, /refund of \$10\.00/);
  await page.reload();
  const refunded = historyRows(page).filter({ hasText: 'Refund' });
  await expect(refunded.getByText('-$10.00')).toBeVisible();
  await expect(refunded.getByText('Refunded')).toBeVisible();
});
