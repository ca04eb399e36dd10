import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Page } from '@playwright/test';
import { createMember, openSignedIn, signInThroughApi, uniqueEmail } from '../fixtures/patients';
import { expect, MIGRATED_DATA_DIR_ENV, startSiteIn, test } from '../fixtures/site';

/**
 * A member manages their membership by its terms: cancels after reading what the server computed,
 * keeps it again, and changes plan from the next billing cycle, which the renewal job then applies.
 */
test.use({ viewport: { width: 1280, height: 900 } });

const PASSWORD = 'Str0ng!pass';
const membershipCard = (page: Page) => page.getByRole('region', { name: 'Membership' });

test('a member cancels after reading what it will cost, gets the confirmation, and keeps the membership', async ({
  page,
  request,
  site,
}) => {
  const email = uniqueEmail('cancel');
  await openSignedIn(page, '/profile', await createMember(request, site, { email, password: PASSWORD, firstName: 'Casey' }));

  const membership = membershipCard(page);
  await membership.getByRole('button', { name: 'Cancel membership' }).click();
  const confirm = membership.getByRole('region', { name: 'Cancel your membership?' });
  // Bought today: the 90-day minimum term keeps two more renewals.
  await expect(
    confirm.getByText(/^You'll be charged \$29\.99 2 more times, the last on \w+ \d+\. Your membership ends on \w+ \d+\.$/),
  ).toBeVisible();
  await confirm.getByLabel(/Why are you cancelling/).fill('Moving abroad');
  await confirm.getByRole('button', { name: 'Confirm cancellation' }).click();

  await expect(membership.getByText(/^Ends on \w+ \d+$/)).toBeVisible();
  const letter = await site.mailbox.waitFor(email, /membership is cancelled/);
  expect(letter.text).toMatch(/Your membership ends on \w+ \d+\./);
  await page.reload();
  await expect(membership.getByText(/^Ends on \w+ \d+$/)).toBeVisible();

  await membership.getByRole('button', { name: 'Keep my membership' }).click();
  await expect(membership.getByText('Your membership continues. Nothing about your renewals has changed.')).toBeVisible();
  await expect(membership.getByText(/^Ends on/)).toHaveCount(0);
  await expect(membership.getByRole('button', { name: 'Cancel membership' })).toBeVisible();
});

/** Moves one member's renewal into the past, in the stopped server's database: the renewal falls due. */
async function makeRenewalDue(dataDir: string, email: string) {
  const db = await PGlite.create(join(dataDir, 'pglite'), { extensions: { pg_trgm } });
  try {
    const member = `(SELECT id FROM users WHERE email = $1)`;
    await db.query(`UPDATE users SET next_subscription_renew_date = now() - interval '1 minute' WHERE id = ${member}`, [email]);
    await db.query(`UPDATE memberships SET next_charge_at = now() - interval '1 minute' WHERE user_id = ${member}`, [email]);
  } finally {
    await db.close();
  }
}

test('a plan change scheduled for the next cycle is applied and charged by the renewal', async ({ page, playwright }) => {
  // Two server starts of its own besides the journey.
  test.slow();
  // A server of this test's own, stopped and started again on the same data: the renewal job runs at start.
  const dataDir = mkdtempSync(join(tmpdir(), 'telehealth-e2e-terms-'));
  cpSync(process.env[MIGRATED_DATA_DIR_ENV]!, dataDir, { recursive: true });
  let own = await startSiteIn(dataDir);
  try {
    const email = uniqueEmail('plan-change');
    const api = await playwright.request.newContext({ baseURL: own.baseURL });
    await openSignedIn(page, `${own.baseURL}/profile`, await createMember(api, own, { email, password: PASSWORD, firstName: 'Jordan' }));
    await api.dispose();

    const membership = membershipCard(page);
    await membership.getByRole('button', { name: 'Change plan' }).click();
    const chooser = membership.getByRole('region', { name: 'Change plan' });
    await chooser.getByRole('radio', { name: /Family Monthly/ }).check();
    await chooser.getByRole('button', { name: 'Schedule plan change' }).click();
    await expect(membership.getByText(/^From \w+ \d+ your plan is Family Monthly at \$49\.99$/)).toBeVisible();
    await expect(membership.locator('.membership__plan-name')).toHaveText('Individual Monthly');

    await own.stop();
    await makeRenewalDue(dataDir, email);
    own = await startSiteIn(dataDir);
    await own.mailbox.waitFor(email, /receipt: Family Monthly/, 60_000);

    const after = await playwright.request.newContext({ baseURL: own.baseURL });
    await openSignedIn(page, `${own.baseURL}/profile`, await signInThroughApi(after, email, PASSWORD));
    await after.dispose();
    await expect(membership.locator('.membership__plan-name')).toHaveText('Family Monthly');
    await expect(membership.locator('.membership__price')).toContainText('$49.99');
    await expect(membership.getByText(/your plan is Family Monthly/)).toHaveCount(0);
    await expect(membership.getByRole('row', { name: /Family Monthly.*\$49\.99/ })).toBeVisible();
  } finally {
    await own.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
