import { clinicBrowser, clinicianOnDuty } from '../fixtures/clinicians';
import { createMember, linkIn, openSignedIn, signInThroughApi, uniqueEmail } from '../fixtures/patients';
import { keepPicture, PHONE } from '../fixtures/pictures';
import { appReady, expect } from '../fixtures/site';
import { STAFF_SITE_ENV, test } from '../fixtures/staff';

/**
 * The household, in three browsers: a parent on the Family plan adds a child and invites their
 * partner, who makes a login through the link; the parent asks for a pediatric visit for the child,
 * a clinician sees the child as the patient and the parent as the contact and signs the note; the
 * child's summary is in the parent's record and not in the partner's.
 */
test.use({ siteEnv: STAFF_SITE_ENV, viewport: { width: 1280, height: 900 } });

const PASSWORD = 'Str0ng!pass';

/** A date of birth `years` years ago, as the date field takes it. */
const bornYearsAgo = (years: number) => {
  const day = new Date();
  day.setFullYear(day.getFullYear() - years, day.getMonth(), Math.max(1, day.getDate() - 10));
  return day.toISOString().slice(0, 10);
};

test("a parent adds a child and books their pediatric visit; the child's summary is the parent's to see, not the invited adult's", async ({
  page,
  request,
  site,
  adminSession,
  browser,
}) => {
  test.setTimeout(300_000);
  const parent = await createMember(request, site, {
    email: uniqueEmail('jordan'),
    password: PASSWORD,
    firstName: 'Jordan',
    lastName: 'Rivera',
    plan: 'familyMonthly',
  });
  await openSignedIn(page, '/profile', parent);

  // "Your family": add a child.
  const family = page.getByRole('region', { name: 'Your family' });
  await expect(family).toContainText('Jordan Rivera');
  await family.getByRole('button', { name: 'Add a child' }).click();
  const childForm = family.getByRole('form', { name: 'Add a child' });
  await childForm.getByLabel('First name').fill('Mia');
  await expect(childForm.getByLabel('Last name')).toHaveValue('Rivera');
  await childForm.getByLabel('Date of birth').fill(bornYearsAgo(7));
  await childForm.getByLabel('Sex').selectOption({ label: 'Female' });
  await childForm.getByLabel('Relationship').selectOption({ label: 'My child' });
  await keepPicture(page, 'family-add-child');
  await childForm.getByRole('button', { name: 'Add a child' }).click();
  await expect(family.getByRole('status')).toContainText('Mia was added to your family.');
  await expect(family).toContainText('Child · 7 years old');

  // "Invite an adult": the partner makes their own login through the link, in a browser of their own.
  const partnerEmail = uniqueEmail('casey');
  await family.getByRole('button', { name: 'Invite an adult' }).click();
  await family.getByLabel('Their e-mail address').fill(partnerEmail);
  await family.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(family.getByRole('status')).toContainText(`Invitation sent to ${partnerEmail}`);
  await keepPicture(page, 'family-card', [{ width: 1280, height: 900 }, PHONE]);

  const partnerContext = await browser.newContext({ baseURL: site.baseURL, viewport: { width: 390, height: 844 } });
  const partner = await partnerContext.newPage();
  const invitation = await site.mailbox.waitFor(partnerEmail, /invited you to their .* family/);
  await partner.goto(linkIn(invitation, site.baseURL, '/household/join?token='));
  await expect(partner.getByText('Jordan Rivera invited')).toBeVisible();
  await partner.getByLabel('First name').fill('Casey');
  await partner.getByLabel('Last name').fill('Rivera');
  await partner.getByLabel('Date of birth').fill('1987-06-15');
  await partner.getByLabel('Phone number').pressSequentially('3145550142');
  await partner.getByLabel('ZIP code').fill('63101');
  await partner.getByLabel('New password', { exact: true }).fill('Casey!Rivera9');
  await partner.getByLabel('Confirm new password').fill('Casey!Rivera9');
  await keepPicture(partner, 'join-family');
  await partner.getByRole('button', { name: 'Create my login and join' }).click();
  await expect(partner.getByText("You joined Jordan Rivera's family.")).toBeVisible();
  const partnerSession = await signInThroughApi(request, partnerEmail, 'Casey!Rivera9');

  // The clinician, licensed in Missouri and on duty.
  const clinician = await clinicianOnDuty(request, site, adminSession, {
    email: uniqueEmail('ana'),
    firstName: 'Ana',
    lastName: 'Aslan',
    credentials: 'MD',
    states: ['Missouri'],
  });
  const { clinic, context: clinicContext } = await clinicBrowser(browser, site);
  await openSignedIn(clinic, '/clinic', clinician);

  // "Who is this visit for?": the child, whose care is pediatric and covered.
  await page.goto('/visits/new');
  const visitFor = page.getByRole('group', { name: 'Who is this visit for?' });
  await visitFor.getByRole('radio', { name: 'Mia Rivera' }).check();
  await expect(page.getByLabel('What brings you in?')).toHaveValue('pediatric-care');
  await page.getByLabel('Where are you right now?').selectOption({ label: 'Missouri' });
  await page.getByLabel('Describe your symptoms').fill('Earache and a fever of 100.5°F since last night');
  await page.getByLabel('Since when?').selectOption({ label: 'Today' });
  await page.getByRole('radio', { name: 'Phone' }).check();
  await page.getByLabel('I agree to receive care by telehealth').check();
  await keepPicture(page, 'request-for-child');
  await page.getByRole('button', { name: 'Request a visit', exact: true }).click();
  await expect(page).toHaveURL(/\/visits\/[0-9a-f-]{36}$/);

  // The clinician sees the child as the patient, and the parent as the contact.
  const item = clinic.getByRole('region', { name: 'Queue' }).getByRole('list', { name: 'Waiting requests' }).getByRole('listitem').first();
  await expect(item).toContainText('Pediatric care');
  await item.getByRole('button', { name: /^Claim/ }).click();
  await expect(clinic.getByRole('heading', { level: 1, name: 'Mia Rivera' })).toBeVisible();
  const patient = clinic.getByRole('region', { name: 'Patient' });
  await expect(patient).toContainText('7 years');
  await expect(patient).toContainText('Jordan Rivera');
  await clinic.getByRole('button', { name: 'Start visit' }).click();
  await clinic.getByLabel('Assessment').fill('Acute otitis media, left ear');
  await clinic.getByLabel('Plan').fill('Children’s ibuprofen for pain; recheck in 48 hours if not better.');
  await clinic.getByRole('button', { name: 'Sign and close' }).click();
  await clinic.getByRole('button', { name: 'Sign and close the visit' }).click();
  await expect(clinic.getByText(/^Signed .+ CT$/)).toBeVisible();
  await clinicContext.close();

  // The summary is in the parent's record, for the child.
  await page.goto('/visits');
  await appReady(page);
  const record = page.getByRole('listitem').filter({ hasText: 'For Mia Rivera' });
  await expect(record.getByRole('region', { name: 'Visit summary' })).toContainText('Acute otitis media, left ear');
  await keepPicture(page, 'parent-record');

  // Not in the partner's: their record is empty, and the family card shows them no child's details.
  await openSignedIn(partner, '/visits', partnerSession);
  await expect(partner.getByText('No visits yet.', { exact: false })).toBeVisible();
  await expect(partner.getByText('Acute otitis media')).toHaveCount(0);
  await partner.goto('/profile');
  await appReady(partner);
  const theirFamily = partner.getByRole('region', { name: 'Your family' });
  await expect(theirFamily).toContainText('Mia Rivera');
  await expect(theirFamily.getByRole('link', { name: "Mia's health history" })).toHaveCount(0);
  await expect(theirFamily.getByRole('button', { name: 'Leave the family' })).toBeVisible();
  await keepPicture(partner, 'partner-family');
  await partnerContext.close();
});
