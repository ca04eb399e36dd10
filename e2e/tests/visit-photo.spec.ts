import { writeFile } from 'node:fs/promises';
import { messages } from '@app/shared';
import { clinicianOnDuty } from '../fixtures/clinicians';
import { createVerifiedPatient, payIndividualMonthly, signInPatient, uniqueEmail } from '../fixtures/patients';
import { expect } from '../fixtures/site';
import { STAFF_SITE_ENV, test } from '../fixtures/staff';

/**
 * A message visit with a photo, in two browsers: a member asks for a Message visit in Missouri, a
 * clinician licensed there claims it, the member sends a photo from a file, and the clinician's
 * thread shows it by itself.
 */
test.use({ siteEnv: STAFF_SITE_ENV, viewport: { width: 1280, height: 900 } });

const PASSWORD = 'Str0ng!pass';
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

test('a member sends a photo in a message visit, and the clinician holding it sees it', async ({
  page,
  request,
  site,
  adminSession,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('rowan');
  await createVerifiedPatient(request, site, { email, password: PASSWORD, firstName: 'Rowan', lastName: 'Member' });
  await signInPatient(page, email, PASSWORD);
  await payIndividualMonthly(page);

  const { clinic, context: clinicContext } = await clinicianOnDuty(browser, site, adminSession, {
    email: uniqueEmail('florence'),
    firstName: 'Florence',
    lastName: 'Wald',
    credentials: 'NP',
    states: ['Missouri'],
  });

  await page.goto('/visits/new');
  await page.getByLabel('Where are you right now?').selectOption({ label: 'Missouri' });
  await page.getByLabel('What brings you in?').selectOption({ label: 'Urgent care' });
  await page.getByLabel('Describe your symptoms').fill('An itchy rash on my forearm since Monday');
  await page.getByLabel('Since when?').selectOption({ label: '1–3 days' });
  await page.getByRole('radio', { name: 'Message' }).check();
  await page.getByLabel('I agree to receive care by telehealth').check();
  await page.getByRole('button', { name: 'Request a visit' }).click();
  await expect(page).toHaveURL(/\/visits\/[0-9a-f-]{36}$/);

  const requests = clinic.getByRole('region', { name: 'Queue' }).getByRole('list', { name: 'Waiting requests' });
  await expect(requests.getByRole('listitem')).toHaveCount(1);
  await requests
    .getByRole('listitem')
    .first()
    .getByRole('button', { name: /^Claim/ })
    .click();
  await expect(clinic.getByRole('heading', { level: 1, name: 'Rowan Member' })).toBeVisible();

  // The member's page opens the thread once the visit is claimed; the photo is chosen, previewed and sent.
  const photoFile = testInfo.outputPath('rash.png');
  await writeFile(photoFile, PNG);
  await page.getByLabel('Add photo').setInputFiles(photoFile);
  await expect(page.getByRole('img', { name: 'The photo to send: rash.png' })).toBeVisible();
  await page.getByLabel('Write to your doctor').fill('Here is the rash.');
  await page.getByRole('button', { name: 'Send' }).click();
  const sent = page.getByRole('img', { name: messages.visitPhotoAlt('patient') });
  await expect(sent).toBeVisible();
  await expect(page.getByText('Here is the rash.')).toBeVisible();
  await expect(page.getByRole('img', { name: /The photo to send/ })).toHaveCount(0);

  // The clinician's thread shows it without a reload, drawn from the bytes it fetched with the session.
  const received = clinic.getByRole('img', { name: messages.visitPhotoAlt('patient') });
  await expect(received).toBeVisible();
  await expect.poll(() => received.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await expect(clinic.getByText('Here is the rash.')).toBeVisible();
  await clinicContext.close();
});
