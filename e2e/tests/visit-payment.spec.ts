import { createClinician } from '../fixtures/clinicians';
import { openSignedIn, signedInPatient, uniqueEmail } from '../fixtures/patients';
import { expect } from '../fixtures/site';
import { STAFF_SITE_ENV, test } from '../fixtures/staff';

/**
 * A patient without a membership starts a consultation from the urgent-care page, sees its price,
 * pays for that one visit with the sandbox's Visa 4242 in the request form, and waits for a doctor.
 */
test.use({ siteEnv: STAFF_SITE_ENV, viewport: { width: 1280, height: 900 } });

const PASSWORD = 'Str0ng!pass';

test('a patient without a membership pays $49 for an urgent-care visit and lands in the waiting room', async ({
  page,
  request,
  site,
  adminSession,
}) => {
  test.setTimeout(120_000);
  // A clinician licensed in Missouri, so that the request can be made.
  await createClinician(request, site, adminSession, {
    email: uniqueEmail('mary'),
    firstName: 'Mary',
    lastName: 'Seacole',
    credentials: 'MD',
    states: ['Missouri'],
  });

  const email = uniqueEmail('casey');
  const patient = await signedInPatient(request, site, { email, password: PASSWORD, firstName: 'Casey', lastName: 'Walker' });
  await openSignedIn(page, '/services/urgent-care', patient);
  await page.getByRole('link', { name: 'Start Consultation - $49' }).first().click();
  await expect(page).toHaveURL(/\/visits\/new\?service=urgent-care$/);
  await expect(page.getByLabel('What brings you in?')).toHaveValue('urgent-care');
  await expect(page.getByText('This visit costs $49.00', { exact: false })).toBeVisible();

  await page.getByLabel('Where are you right now?').selectOption({ label: 'Missouri' });
  await page.getByLabel('Describe your symptoms').fill('Sore throat and a fever since yesterday');
  await page.getByLabel('Since when?').selectOption({ label: '1–3 days' });
  await page.getByLabel('I agree to receive care by telehealth').check();
  await page.getByLabel('Street address').fill('100 Market Street');
  await page.getByLabel('City').fill('Saint Louis');
  await page.getByLabel('State', { exact: true }).fill('MO');
  await page.getByLabel('ZIP').fill('63101');
  await page.getByLabel('Name on card').fill('Casey Walker');
  await page.getByLabel('Card number').pressSequentially('4242424242424242');
  await page.getByLabel('Expiry (MM/YY)').pressSequentially('1234');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay and request a visit' }).click();

  await expect(page).toHaveURL(/\/visits\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Waiting for a doctor' })).toBeVisible();

  // The payment history names what was bought.
  const payments = await page.evaluate(async () => {
    const token = sessionStorage.getItem('authToken') ?? localStorage.getItem('authToken');
    const response = await fetch('/api/users/me/payments', { headers: { authorization: `Bearer ${token}` } });
    return (await response.json()) as Array<{ planName: string; amount: number; status: string }>;
  });
  expect(payments).toEqual([expect.objectContaining({ planName: 'Urgent care visit', amount: 49, status: 'succeeded' })]);
});
