import { writeFile } from 'node:fs/promises';
import { messages } from '@app/shared';
import { clinicBrowser, clinicianOnDuty } from '../fixtures/clinicians';
import { createMember, openSignedIn, uniqueEmail } from '../fixtures/patients';
import { claimVisit, requestVisit } from '../fixtures/visits';
import { expect } from '../fixtures/site';
import { STAFF_SITE_ENV, test } from '../fixtures/staff';

/**
 * A message visit with a photo, in two browsers: a member's Message visit in Missouri is claimed by a
 * clinician licensed there (both arranged through the API) while the member waits, the member's page
 * opens the thread by itself, the member sends a photo from a file, and the clinician's thread shows it
 * by itself.
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
  const member = await createMember(request, site, {
    email: uniqueEmail('rowan'),
    password: PASSWORD,
    firstName: 'Rowan',
    lastName: 'Member',
  });
  const clinician = await clinicianOnDuty(request, site, adminSession, {
    email: uniqueEmail('florence'),
    firstName: 'Florence',
    lastName: 'Wald',
    credentials: 'NP',
    states: ['Missouri'],
  });
  const visitId = await requestVisit(request, member, 'message', 'An itchy rash on my forearm since Monday');
  await openSignedIn(page, `/visits/${visitId}`, member);
  await expect(page.getByRole('heading', { level: 1, name: 'Waiting for a doctor' })).toBeVisible();
  await claimVisit(request, clinician, visitId);
  const { clinic, context: clinicContext } = await clinicBrowser(browser, site);
  await openSignedIn(clinic, `/clinic/visits/${visitId}`, clinician);
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
