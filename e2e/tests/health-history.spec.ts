import { messages } from '@app/shared';
import { expectAccessible } from '../fixtures/a11y';
import { openSignedIn, signedInPatient, uniqueEmail } from '../fixtures/patients';
import { expect, test } from '../fixtures/site';

/**
 * The health history in the browser: from the profile's card to the form, a refused year shown under
 * its field, a save that stays on the page, and the profile then saying when it was updated.
 */
test.use({ viewport: { width: 1280, height: 900 } });

const PASSWORD = 'Str0ng!pass';

test('a patient fills in their health history from the profile and sees it saved', async ({ page, request, site }) => {
  const email = uniqueEmail('history');
  await openSignedIn(page, '/profile', await signedInPatient(request, site, { email, password: PASSWORD, firstName: 'Casey' }));

  await expect(page.getByText(messages.healthHistoryNotFilled)).toBeVisible();
  await page.getByRole('link', { name: 'Your health history' }).click();
  await expect(page).toHaveURL(/\/health-history$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your health history' })).toBeVisible();

  await page.getByLabel('No known allergies').check();
  await expect(page.getByRole('button', { name: 'Add allergy' })).toBeDisabled();
  await page.getByRole('button', { name: 'Add medication' }).click();
  await page.getByLabel('Medication 1', { exact: true }).fill('Lisinopril');
  await page.getByLabel('Dose and how often').fill('10 mg once a day');
  await page.getByRole('button', { name: 'Add surgery' }).click();
  await page.getByLabel('Surgery 1', { exact: true }).fill('Appendectomy');
  await page.getByLabel('Year').fill('1850');
  await page.getByLabel('Pharmacy name').fill('Corner Pharmacy');
  await page.getByLabel('Pharmacy phone').pressSequentially('3145550123');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Year')).toHaveAccessibleDescription(messages.surgeryYear(1900, new Date().getFullYear()));

  await page.getByLabel('Year').fill('2009');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: messages.healthHistorySaved })).toBeVisible();
  await expect(page).toHaveURL(/\/health-history$/);
  await expectAccessible(page, '.health-history');

  await page.reload();
  await expect(page.getByLabel('Medication 1', { exact: true })).toHaveValue('Lisinopril');
  await page.getByRole('link', { name: 'Back to your profile' }).click();
  await expect(page.getByText(/^Updated /)).toBeVisible();
});
