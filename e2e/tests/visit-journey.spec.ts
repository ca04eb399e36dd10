import { expectAccessible } from '../fixtures/a11y';
import { clinicBrowser, clinicianOnDuty } from '../fixtures/clinicians';
import { createMember, openSignedIn, uniqueEmail } from '../fixtures/patients';
import { keepPicture, PHONE } from '../fixtures/pictures';
import { appReady, expect } from '../fixtures/site';
import { STAFF_SITE_ENV, test } from '../fixtures/staff';

/**
 * A visit from end to end, in two browsers: a member (arranged through the API) asks for a phone visit
 * in Missouri; a clinician licensed there sees it arrive in the queue without reloading, claims it, starts it,
 * writes the note with a prescription and signs; the member's waiting room turns to the summary by
 * itself, and its PDF downloads. A red flag, instead, makes no request at all.
 */
test.use({ siteEnv: STAFF_SITE_ENV, viewport: { width: 1280, height: 900 } });

const PASSWORD = 'Str0ng!pass';

test('a member asks for a phone visit, a clinician claims, treats and signs it, and the member downloads the summary', async ({
  page,
  request,
  site,
  adminSession,
  browser,
}) => {
  // A whole visit in two browsers, from the request to the signed summary.
  test.setTimeout(240_000);
  const member = await createMember(request, site, {
    email: uniqueEmail('avery'),
    password: PASSWORD,
    firstName: 'Avery',
    lastName: 'Member',
  });

  // The clinician, in a browser of their own, licensed in Missouri and on duty before the request comes.
  const clinician = await clinicianOnDuty(request, site, adminSession, {
    email: uniqueEmail('mary'),
    firstName: 'Mary',
    lastName: 'Seacole',
    credentials: 'MD',
    states: ['Missouri'],
  });
  const { clinic, context: clinicContext } = await clinicBrowser(browser, site);
  await openSignedIn(clinic, '/clinic', clinician);
  const queue = clinic.getByRole('region', { name: 'Queue' });
  await expect(queue.getByText('No requests are waiting in your states.', { exact: false })).toBeVisible();

  // The member asks for a phone visit.
  await openSignedIn(page, '/visits/new', member);
  await page.getByLabel('Where are you right now?').selectOption({ label: 'Missouri' });
  await page.getByLabel('What brings you in?').selectOption({ label: 'Urgent care' });
  await page.getByLabel('Describe your symptoms').fill('Fever of 101°F since yesterday');
  await page.getByLabel('Since when?').selectOption({ label: '1–3 days' });
  await page.getByRole('radio', { name: 'Phone' }).check();
  await expect(page.getByLabel('Callback phone')).toHaveValue('(314) 555-0100');
  await page.getByLabel('I agree to receive care by telehealth').check();
  await page.getByRole('button', { name: 'Request a visit' }).click();
  await expect(page).toHaveURL(/\/visits\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Waiting for a doctor' })).toBeVisible();

  // The request reaches the clinician's queue by itself, without the patient's name.
  const requests = queue.getByRole('list', { name: 'Waiting requests' });
  await expect(requests.getByRole('listitem')).toHaveCount(1);
  const item = requests.getByRole('listitem').first();
  await expect(item).toContainText('Urgent care');
  await expect(item).toContainText('Missouri');
  await expect(item).toContainText('Phone');
  await expect(item).not.toContainText('Avery');
  await keepPicture(clinic, 'clinic-queue');
  await expectAccessible(clinic, '.clinic');
  await item.getByRole('button', { name: /^Claim/ }).click();

  // The workspace: the patient, the request, the callback number; then the visit starts.
  await expect(clinic).toHaveURL(/\/clinic\/visits\/[0-9a-f-]{36}$/);
  await expect(clinic.getByRole('heading', { level: 1, name: 'Avery Member' })).toBeVisible();
  await expect(clinic.getByRole('region', { name: 'Request' })).toContainText('Fever of 101°F since yesterday');
  await expect(clinic.getByRole('link', { name: '(314) 555-0100' })).toHaveAttribute('href', 'tel:+13145550100');
  await expect(page.getByRole('heading', { level: 1, name: 'Your doctor is getting ready' })).toBeVisible();
  await clinic.getByRole('button', { name: 'Start visit' }).click();
  await expect(clinic.getByText('In visit: call the patient')).toBeVisible();

  // The note, with one prescription, signed after the confirmation.
  await clinic.getByLabel('Subjective').fill('Fever to 101°F since yesterday, mild sore throat. No shortness of breath.');
  await clinic.getByLabel('Objective').fill('Speaking full sentences on the phone, no distress.');
  await clinic.getByLabel('Assessment').fill('Acute viral pharyngitis');
  await clinic.getByLabel('Plan').fill('Rest, fluids, acetaminophen for fever. Go to urgent care if the fever lasts beyond 3 days.');
  await clinic.getByLabel('Follow-up').fill('Message us in 3 days if not better.');
  await clinic.getByRole('button', { name: 'Add prescription' }).click();
  const line = clinic.getByRole('group', { name: 'Prescription 1' });
  await line.getByLabel('Drug').fill('Acetaminophen');
  await line.getByLabel('Strength').fill('500 mg');
  await line.getByLabel('Directions').fill('1 tablet by mouth every 6 hours as needed for fever');
  await line.getByLabel('Quantity').fill('20 tablets');
  await clinic.getByRole('button', { name: 'Save draft' }).click();
  await expect(clinic.getByText('Draft saved.')).toBeVisible();
  await keepPicture(clinic, 'clinic-workspace');
  await expectAccessible(clinic, '.workspace');
  await keepPicture(clinic, 'clinic-workspace-editing', [PHONE]);
  await clinic.getByRole('button', { name: 'Sign and close' }).click();
  await expect(clinic.getByRole('alert')).toContainText('A signed note cannot be changed');
  await clinic.getByRole('button', { name: 'Sign and close the visit' }).click();
  await expect(clinic.getByText(/^Signed .+ CT$/)).toBeVisible();
  await expect(clinic.getByRole('textbox', { name: 'Assessment' })).toHaveCount(0);
  await expect(clinic.getByRole('region', { name: 'Signed note' })).toContainText('Acetaminophen 500 mg');

  // The member's waiting room, still open, turns to the summary.
  await expect(page.getByRole('heading', { level: 1, name: 'Completed' })).toBeVisible({ timeout: 15_000 });
  const summary = page.getByRole('region', { name: 'Visit summary' }).last();
  await expect(summary).toContainText('Mary Seacole');
  await expect(summary).toContainText('Acetaminophen 500 mg');
  await expect(summary).toContainText('Acute viral pharyngitis');
  const [download] = await Promise.all([page.waitForEvent('download'), summary.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^visit-summary-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(download.suggestedFilename()).toBe(`visit-summary-${new Date().toISOString().slice(0, 10)}.pdf`);

  // On a phone, the workspace is one column.
  await clinic.setViewportSize({ width: 390, height: 844 });
  await keepPicture(clinic, 'clinic-workspace');
  await clinic.goto('/clinic');
  await appReady(clinic);
  await expect(clinic.getByRole('list', { name: 'Recently closed visits' })).toContainText('Avery Member');
  await keepPicture(clinic, 'clinic-desk');
  await clinicContext.close();
});

test('a member with chest pain is told to call 911, and no request is made', async ({ page, request, site }) => {
  const member = await createMember(request, site, {
    email: uniqueEmail('blake'),
    password: PASSWORD,
    firstName: 'Blake',
    lastName: 'Member',
  });

  await openSignedIn(page, '/visits/new', member);
  await page.getByRole('checkbox', { name: 'Chest pain or pressure' }).check();
  await page.getByRole('button', { name: 'Request a visit' }).click();
  await expect(page.getByRole('heading', { name: 'Call 911 now' })).toBeVisible();

  const visits = await request.get('/api/visits', { headers: { authorization: `Bearer ${member.token}` } });
  expect(visits.status()).toBe(200);
  expect(((await visits.json()) as { visits: unknown[] }).visits).toEqual([]);
});
