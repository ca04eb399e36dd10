import { messages } from '@app/shared';
import { expectAccessible } from '../fixtures/a11y';
import { acceptInvitation, CLINICIAN_PASSWORD, sendInvitation } from '../fixtures/clinicians';
import { signOutOfConsole } from '../fixtures/console';
import { uniqueEmail } from '../fixtures/patients';
import { keepPicture } from '../fixtures/pictures';
import { expect } from '../fixtures/site';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signInAsStaff, STAFF_SITE_ENV, test } from '../fixtures/staff';

/**
 * Clinicians in the browser, on a phone: an admin invites one from the console's Clinicians section,
 * the clinician sets a password from the invitation mail, signs in with it and the e-mailed link,
 * lands on the clinic and goes on duty.
 */
test.use({ siteEnv: STAFF_SITE_ENV, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('an admin invites a clinician, who sets a password, signs in and goes on duty', async ({ page, site }) => {
  const email = uniqueEmail('mary');

  await signInAsStaff(page, site, ADMIN_EMAIL, ADMIN_PASSWORD, 'Sign in to the admin dashboard');
  await expect(page).toHaveURL(/\/admin$/);
  await sendInvitation(page, { email, firstName: 'Mary', lastName: 'Seacole', credentials: 'NP', states: ['Missouri', 'Kansas'] });
  const listed = page.getByRole('list', { name: 'Clinicians' }).getByRole('article').filter({ hasText: email });
  await expect(listed.getByRole('heading', { level: 3, name: 'Mary Seacole, NP' })).toBeVisible();
  await expect(listed.getByText('Off duty')).toBeVisible();
  await keepPicture(page, 'admin-clinicians');
  await signOutOfConsole(page);

  await acceptInvitation(page, site, email);

  await signInAsStaff(page, site, email, CLINICIAN_PASSWORD, 'Sign in to the clinic');
  await expect(page).toHaveURL(/\/clinic$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Clinic' })).toBeVisible();
  await expect(page.getByText('Mary Seacole, NP')).toBeVisible();
  const duty = page.getByRole('switch', { name: 'On duty' });
  await expect(duty).toHaveAttribute('aria-checked', 'false');
  await duty.click();
  await expect(duty).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText(messages.clinicOnDuty)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Queue' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'On duty' })).toHaveAttribute('aria-checked', 'true');
  await keepPicture(page, 'clinic');
  await expectAccessible(page);
});
