import { messages } from '@app/shared';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/a11y';
import { showPlanCards } from '../fixtures/home';
import { createVerifiedPatient, uniqueEmail } from '../fixtures/patients';
import { expect, test } from '../fixtures/site';

/**
 * Memberships in the browser: a patient picks a plan on the home page, signs in, goes from the
 * profile's membership card to the checkout, pays with a sandbox test card and comes back an active
 * member; another patient's card is declined and nothing becomes active.
 */
test.use({ viewport: { width: 1280, height: 900 } });

const PASSWORD = 'Str0ng!pass';
async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
}

async function fillCheckout(page: Page, cardNumber: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Secure Checkout' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Complete your subscription' })).toBeVisible();
  // Prefilled from the profile.
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(/@example\.com$/);
  await expect(page.getByLabel('Phone')).toHaveValue('(314) 555-0100');
  await expect(page.getByLabel('ZIP')).toHaveValue('63101');
  await expect(page.getByLabel('Country')).toHaveValue('United States');
  await page.getByLabel('Street address').fill('100 Market Street');
  await page.getByLabel('City').fill('Saint Louis');
  await page.getByLabel('State').fill('MO');
  await page.getByLabel('Name on card').fill('Avery Member');
  await page.getByLabel('Card number').pressSequentially(cardNumber.replace(/\s/g, ''));
  await expect(page.getByLabel('Card number')).toHaveValue(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').pressSequentially('1234');
  await expect(page.getByLabel('Expiry (MM/YY)')).toHaveValue('12/34');
  await page.getByLabel('CVC').fill('123');
}

const storedText = (page: Page) => page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }));

test('a patient picks a plan, pays with 4242 4242 4242 4242 and becomes an active member', async ({ page, request, site }) => {
  // The whole journey, with two accessibility scans of a profile that now loads its visits too.
  test.slow();
  const email = uniqueEmail('member');
  await createVerifiedPatient(request, site, { email, password: PASSWORD, firstName: 'Avery' });

  // The home page's plans: Choose remembers the plan and leads a signed-out visitor to sign-up.
  await page.goto('/');
  const plans = await showPlanCards(page);
  await plans.getByRole('link', { name: /^Choose Family Monthly/ }).click();
  await expect(page).toHaveURL(/\/consult$/);
  expect(await page.evaluate(() => sessionStorage.getItem('selectedPlan'))).toBe('familyMonthly');

  // Already has an account: sign in instead. The profile offers the plan picked on the home page.
  await signIn(page, email);
  const membership = page.getByRole('region', { name: 'Membership' });
  await expect(membership.getByRole('radio', { name: 'Family Monthly' })).toBeChecked();
  await expect(membership.getByText('No payments yet')).toBeVisible();
  await membership.getByRole('button', { name: 'Proceed to Payment Gateway' }).click();
  await expect(page).toHaveURL(/\/payment$/);

  await fillCheckout(page, '4242 4242 4242 4242');
  await expect(page.getByText('Card type: Visa')).toBeVisible();
  await expectAccessible(page, '.checkout');
  await page.getByRole('button', { name: 'Pay $49.99' }).click();

  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await expect(page.getByText(messages.paymentSuccess)).toBeVisible();
  await expect(page.getByText('Renews on')).toBeVisible();
  const stored = await storedText(page);
  expect(stored).not.toContain('4242424242424242');
  expect(stored).not.toContain('checkoutData');

  await page.getByRole('button', { name: 'Return to profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(membership.locator('.membership__badge')).toHaveText('Active');
  await expect(membership.locator('.membership__plan-name')).toHaveText('Family Monthly');
  await expect(membership.getByText('Visa ending in 4242')).toBeVisible();
  await expect(membership.getByText('Next renewal')).toBeVisible();
  await expect(membership.getByRole('button', { name: 'Proceed to Payment Gateway' })).toHaveCount(0);
  const history = membership.getByRole('table');
  await expect(history.getByRole('row').filter({ hasText: 'Paid' })).toContainText('$49.99');

  await expectAccessible(page, '.membership');
  await expect(membership.getByRole('link', { name: 'Connect with a Doctor Now' })).toHaveAttribute('href', '/visits/new');
  // An active monthly member manages the plan by the membership terms, not through the plan chooser.
  await expect(membership.getByRole('button', { name: 'Change Plan', exact: true })).toHaveCount(0);
  await expect(membership.getByRole('button', { name: 'Change plan', exact: true })).toBeVisible();
  await expect(membership.getByRole('button', { name: 'Cancel membership' })).toBeVisible();
});

test('a second patient pays with 4000 0000 0000 0002, sees the decline and stays inactive', async ({ page, request, site }) => {
  const email = uniqueEmail('declined');
  await createVerifiedPatient(request, site, { email, password: PASSWORD, firstName: 'Blake' });
  await signIn(page, email);

  const membership = page.getByRole('region', { name: 'Membership' });
  await expect(membership.locator('.membership__plan-name')).toHaveText('Individual Monthly');
  await membership.getByRole('button', { name: 'Proceed to Payment Gateway' }).click();
  await expect(page).toHaveURL(/\/payment$/);

  await fillCheckout(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay $29.99' }).click();
  await expect(page.getByRole('alert').filter({ hasText: messages.declined.card_declined })).toBeVisible();
  await expectAccessible(page, '.checkout');
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay $29.99' })).toBeEnabled();

  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(membership.locator('.membership__badge')).toHaveText('Pending');
  await expect(membership.getByRole('button', { name: 'Proceed to Payment Gateway' })).toBeVisible();
  await expect(membership.getByRole('link', { name: 'Connect with a Doctor Now' })).toHaveCount(0);
  await expect(membership.getByRole('table').getByRole('row').filter({ hasText: 'Failed' })).toContainText('0002');
});

test('the welcome page offers the plans, then shows the enrolled plan', async ({ page }) => {
  await page.goto('/choose-plan?firstName=Casey&lastName=New&email=casey%40example.com');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Casey' })).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  const plans = page.getByRole('group', { name: 'Choose your membership plan' });
  await expect(plans.getByRole('radio')).toHaveCount(3);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(messages.pickPlan)).toBeVisible();
  await plans.getByRole('radio', { name: 'One Time Visit' }).check();
  await page.getByRole('button', { name: 'Select Plan' }).click();
  await expect(page.getByText(messages.planNotedSignIn)).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('selectedPlan'))).toBe('oneTimeVisit');
  await expectAccessible(page, '.form-page');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/choose-plan?plan=familyMonthly&firstName=Casey');
  await expect(page.getByText('Family Monthly')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
