import { readFileSync } from 'node:fs';
import { messages } from '@app/shared';
import type { Page } from '@playwright/test';
import { openMember } from '../fixtures/console';
import { linkIn, openSignedIn, signedInPatient, uniqueEmail } from '../fixtures/patients';
import { expect } from '../fixtures/site';
import { openConsole, STAFF_SITE_ENV, test } from '../fixtures/staff';

/**
 * The member's own account from the profile: a new e-mail confirmed through its link; the data
 * downloaded from the mailed link; the account deleted, after which signing in fails while the
 * admin still finds the record.
 */
test.use({ siteEnv: STAFF_SITE_ENV, viewport: { width: 1280, height: 900 } });

const PASSWORD = 'Str0ng!pass';

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('a member changes their e-mail through the link sent to the new address', async ({ page, request, site }) => {
  const email = uniqueEmail('moving');
  const newEmail = uniqueEmail('moved');
  await openSignedIn(page, '/profile', await signedInPatient(request, site, { email, password: PASSWORD, firstName: 'Morgan' }));

  const emailCard = card(page, 'E-mail address');
  await emailCard.getByRole('button', { name: 'Change e-mail' }).click();
  const form = emailCard.getByRole('form', { name: 'Change e-mail' });
  await form.getByLabel('New e-mail').fill(newEmail);
  await form.getByLabel('Current password').fill('Wrong!pass1');
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(form.getByText(messages.currentPasswordWrong).first()).toBeVisible();
  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(emailCard.getByRole('status').filter({ hasText: messages.emailChangeSent })).toBeVisible();
  // Nothing changes until the link is used.
  await expect(emailCard.getByText(email)).toBeVisible();

  const mail = await site.mailbox.waitFor(newEmail, /Confirm the new e-mail/);
  await page.goto(linkIn(mail, site.baseURL, '/confirm-email-change/'));
  await page.getByRole('button', { name: 'Confirm my new e-mail' }).click();
  await expect(page.getByRole('status').filter({ hasText: messages.emailChangeConfirmed })).toBeVisible();
  await site.mailbox.waitFor(email, /was changed/);

  await page.getByRole('link', { name: 'Back to my profile' }).click();
  await expect(card(page, 'E-mail address').getByText(newEmail)).toBeVisible();
});

test('a member downloads their data and deletes their account; signing in then fails while the admin keeps the record', async ({
  page,
  browser,
  request,
  site,
  adminSession,
}) => {
  // The archive is built and mailed by background work, which a loaded host slows down.
  test.slow();
  const email = uniqueEmail('leaving');
  const lastName = `Leaving${Date.now()}`;
  await openSignedIn(page, '/profile', await signedInPatient(request, site, { email, password: PASSWORD, firstName: 'Jordan', lastName }));

  const dataCard = card(page, 'Your data');
  await dataCard.getByRole('button', { name: 'Download my data' }).click();
  // A quick server prepares the archive before the card asks again, and the card then says it is ready.
  await expect(dataCard.getByText(messages.dataExportRequested).or(dataCard.getByText('Your data is ready.'))).toBeVisible();
  const ready = await site.mailbox.waitFor(email, /ready to download/, 60_000);
  await page.goto(linkIn(ready, site.baseURL, '/data-export?'));
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the archive' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^my-data-.*\.zip$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');

  await page.getByRole('link', { name: 'Back to my profile' }).click();
  const deletion = card(page, 'Delete my account');
  for (const line of messages.accountDeletionConsequences) await expect(deletion.getByText(line)).toBeVisible();
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  const confirm = deletion.getByRole('form', { name: 'Delete my account' });
  await confirm.getByLabel('Current password').fill('Wrong!pass1');
  await confirm.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(confirm.getByText(messages.currentPasswordWrong).first()).toBeVisible();
  await confirm.getByLabel('Current password').fill(PASSWORD);
  await confirm.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(messages.accountDeleted)).toBeVisible();

  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(messages.invalidCredentials)).toBeVisible();

  const admin = await (await browser.newContext({ baseURL: site.baseURL })).newPage();
  await openConsole(admin, adminSession);
  await openMember(admin, 'deleted.invalid', `Jordan ${lastName}`);
});
