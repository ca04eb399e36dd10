import { messages } from '@app/shared';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createVerifiedPatient, escapeRegExp, linkIn, registerPatient } from '../fixtures/patients';
import { appReady, expect, test } from '../fixtures/site';

/**
 * Patient accounts in the browser, at desktop size: sign-up, e-mail verification through a real SMTP
 * server, sign-in, the profile, and a password reset that ends every earlier session.
 *
 * This file gets a server of its own: its wrong-password tests count towards the per-address sign-in
 * limit (10 failures in 15 minutes), which must neither reach nor come from other files. The sender
 * address makes that server recognisable in the mail it sends.
 */
const MAIL_FROM_ADDRESS = 'accounts@careconnect.test';
test.use({
  siteEnv: { MAIL_FROM: `CareConnect 24/7 <${MAIL_FROM_ADDRESS}>` },
  viewport: { width: 1280, height: 800 },
});

/** The accessible description of a field contains this message (hints may come before it). */
const described = (message: string) => new RegExp(escapeRegExp(message));

const statusWith = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

async function openSignup(page: Page) {
  await page.goto('/consult');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
}

async function openLogin(page: Page) {
  await page.goto('/login');
  await appReady(page); // for a page of another browser context, which the fixture does not wrap
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const meStatus = async (request: APIRequestContext, token: string) =>
  (await request.get('/api/users/me', { headers: bearer(token) })).status();

async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => sessionStorage.getItem('authToken') ?? localStorage.getItem('authToken'));
  expect(token, 'a signed-in page keeps its token under authToken').toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  return token!;
}

test('sign up, confirm the e-mailed link and sign in to the profile', async ({ page, request, site }) => {
  const email = 'jane.doe@careconnect.test';
  const password = 'Str0ng!pass';

  // --- Sign up through the form.
  await openSignup(page);
  await page.getByLabel('First name').fill('Jane');
  await page.getByLabel('Last name').fill('Doe');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').pressSequentially('3145550100');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('Date of birth').fill('1990-04-15');
  await page.getByLabel('ZIP code').fill('63101');
  await page.getByLabel('Symptoms or reason for your visit (optional)').fill('Seasonal allergies');
  await page.getByRole('group', { name: 'Choose your membership plan' }).getByRole('radio', { name: 'Individual Monthly' }).check();
  await page.getByRole('checkbox', { name: messages.smsConsent }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  // --- The success flash on /login.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(statusWith(page, messages.signupSuccess)).toBeVisible();

  // --- The verification e-mail, from the real SMTP server.
  const verification = await site.mailbox.waitFor(email, /Confirm your e-mail/);
  expect(verification.from).toBe(MAIL_FROM_ADDRESS);
  expect(verification.text).toContain('Hello Jane,');
  const verifyLink = linkIn(verification, site.baseURL, '/verify-email/');

  // --- Opening the link verifies nothing (mail scanners open links); confirming does, then leads to
  // /login with the flash. Opening it again afterwards offers a new link instead.
  await page.goto(verifyLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Email verification' })).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(statusWith(page, messages.verifySuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(statusWith(page, messages.verifySuccess)).toBeVisible();
  await page.goto(verifyLink);
  await expect(alertWith(page, messages.verifyTokenInvalid)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();

  // --- Sign in: the profile greets Jane and shows her details.
  await openLogin(page);
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Jane' })).toBeVisible();
  const details = page.getByRole('table');
  await expect(details.getByRole('row', { name: 'First name Jane' })).toBeVisible();
  await expect(details.getByRole('row', { name: 'Last name Doe' })).toBeVisible();
  await expect(details.getByRole('row', { name: `Email ${email}` })).toBeVisible();
  await expect(details.getByRole('row', { name: 'Phone (314) 555-0100' })).toBeVisible();
  await expect(details.getByRole('row', { name: 'ZIP code 63101' })).toBeVisible();

  expect(await meStatus(request, await storedToken(page))).toBe(200);
});

test('signing out ends that session only; a password reset ends every other one and the old password', async ({
  page,
  request,
  browser,
  site,
}) => {
  const email = 'june.reset@careconnect.test';
  const password = 'Str0ng!pass';
  const newPassword = 'N3w!passphrase';
  await createVerifiedPatient(request, site, { email, password, firstName: 'June' });
  await openLogin(page);
  await signIn(page, email, password);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, June' })).toBeVisible();
  const firstToken = await storedToken(page);

  // A second device signs in too and stays signed in until the reset.
  const otherDevice = await browser.newContext({ baseURL: site.baseURL, viewport: { width: 1280, height: 800 } });
  try {
    const otherPage = await otherDevice.newPage();
    await openLogin(otherPage);
    await signIn(otherPage, email, password);
    await expect(otherPage.getByRole('heading', { level: 1, name: 'Hello, June' })).toBeVisible();
    const otherToken = await storedToken(otherPage);
    expect(await meStatus(request, otherToken)).toBe(200);

    // --- Sign out through the navigation: this session ends on the server, not only in the browser.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('authToken') ?? localStorage.getItem('authToken'))).toBeNull();
    expect(await meStatus(request, firstToken)).toBe(401);
    expect(await meStatus(request, otherToken), 'signing out on one device leaves the other signed in').toBe(200);

    // --- Forgot password, from the sign-in page.
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Account email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(statusWith(page, messages.forgotSuccess)).toBeVisible();

    const reset = await site.mailbox.waitFor(email, /Reset your .* password/);
    const resetLink = linkIn(reset, site.baseURL, '/reset-password?token=');

    // --- Choose a new password from the link.
    await page.goto(resetLink);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(statusWith(page, messages.resetSuccess)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(statusWith(page, messages.resetSuccess)).toBeVisible();
    await site.mailbox.waitFor(email, /password was changed/);

    // --- The reset ended the session that was still open on the other device.
    expect(await meStatus(request, otherToken)).toBe(401);
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/login$/);
    await expect(alertWith(otherPage, messages.sessionExpired)).toBeVisible();

    // --- The old password is refused; the new one works.
    await signIn(page, email, password);
    await expect(alertWith(page, messages.invalidCredentials)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, June' })).toBeVisible();
    const newToken = await storedToken(page);
    expect(newToken).not.toBe(firstToken);
    expect(await meStatus(request, newToken)).toBe(200);
  } finally {
    await otherDevice.close();
  }
});

test('an empty sign-up shows the shared messages under each field and focuses the first invalid one', async ({ page }) => {
  await openSignup(page);
  const plans = page.getByRole('group', { name: 'Choose your membership plan' });
  await expect(plans.getByRole('radio')).toHaveCount(3);

  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByLabel('First name')).toBeFocused();
  const expected: Array<[Locator, string]> = [
    [page.getByLabel('First name'), messages.required],
    [page.getByLabel('Last name'), messages.required],
    [page.getByLabel('Email'), messages.email],
    [page.getByLabel('Phone number'), messages.phone],
    [page.getByLabel('Password', { exact: true }), messages.password],
    [page.getByLabel('Date of birth'), messages.dobRequired],
    [page.getByLabel('ZIP code'), messages.zipRequired],
    [plans, messages.planRequired],
    [page.getByRole('checkbox', { name: messages.smsConsent }), messages.smsTerms],
  ];
  for (const [field, message] of expected) {
    await expect(field).toHaveAccessibleDescription(described(message));
    await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
  }
  for (const [field] of expected.slice(0, 7)) await expect(field).toHaveAttribute('aria-invalid', 'true');
  // Two empty passwords match: no mismatch message yet.
  await expect(page.getByText(messages.passwordsDoNotMatch)).toHaveCount(0);
  // Nothing left the browser: still on the form.
  await expect(page).toHaveURL(/\/consult$/);

  // Fixing the first fields moves the focus to the next invalid one on the next submit.
  await page.getByLabel('First name').fill('Jane');
  await page.getByLabel('Last name').fill('Doe');
  await expect(page.getByLabel('First name')).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByLabel('Email')).toBeFocused();

  // A mismatching confirmation gets its own message.
  await page.getByLabel('Password', { exact: true }).fill('Str0ng!pass');
  await page.getByLabel('Confirm password').fill('Str0ng!pasz');
  await expect(page.getByLabel('Confirm password')).toHaveAccessibleDescription(described(messages.passwordsDoNotMatch));
});

test('the password checklist follows what is typed', async ({ page }) => {
  await openSignup(page);
  const checklist = page.getByRole('list', { name: 'Password requirements' });
  const rule = (label: string) => checklist.getByRole('listitem').filter({ hasText: label });
  const rules = ['At least 8 characters', 'An uppercase letter', 'A lowercase letter', 'A number', 'A special character'];
  const expectMet = async (met: string[]) => {
    for (const label of rules) await expect(rule(label)).toHaveAttribute('data-met', String(met.includes(label)));
  };

  await expect(checklist.getByRole('listitem')).toHaveCount(rules.length);
  await expectMet([]);
  const password = page.getByLabel('Password', { exact: true });
  await password.pressSequentially('abc');
  await expectMet(['A lowercase letter']);
  await expect(rule('A lowercase letter')).toContainText(': met');
  await expect(rule('An uppercase letter')).toContainText(': not met yet');
  await password.pressSequentially('D1');
  await expectMet(['A lowercase letter', 'An uppercase letter', 'A number']);
  await password.pressSequentially('!xyz');
  await expectMet(rules);
  await password.press('Backspace');
  await password.press('Backspace');
  await expectMet(['A lowercase letter', 'An uppercase letter', 'A number', 'A special character']);
});

test('the phone number is shown as (314) 555-0100 while it is typed', async ({ page }) => {
  await openSignup(page);
  const phone = page.getByLabel('Phone number');
  await phone.pressSequentially('314');
  await expect(phone).toHaveValue('(314');
  await phone.pressSequentially('555');
  await expect(phone).toHaveValue('(314) 555');
  await phone.pressSequentially('0100');
  await expect(phone).toHaveValue('(314) 555-0100');
  // An eleventh digit is not taken.
  await phone.pressSequentially('9');
  await expect(phone).toHaveValue('(314) 555-0100');
  // Letters and separators typed by the person are dropped, digits kept.
  await phone.fill('');
  await phone.pressSequentially('314-555 01a00');
  await expect(phone).toHaveValue('(314) 555-0100');
  await phone.blur();
  await expect(page.getByText(messages.phone)).toHaveCount(0);
});

test('signing in before verifying the e-mail shows the warning and stays on /login', async ({ page, request, site }) => {
  const email = 'uma.unverified@careconnect.test';
  const password = 'Unver1fied!';
  await registerPatient(request, { email, password, firstName: 'Uma' });
  await site.mailbox.waitFor(email, /Confirm your e-mail/);

  await openLogin(page);
  await signIn(page, email, password);
  await expect(alertWith(page, messages.notVerified)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('authToken') ?? localStorage.getItem('authToken'))).toBeNull();
});

test('after five wrong passwords the sign-in page adds the hint about repeated failures', async ({ page }) => {
  await openLogin(page);
  await page.getByLabel('Email', { exact: true }).fill('nobody@careconnect.test');
  const password = page.getByLabel('Password', { exact: true });
  const submit = page.getByRole('button', { name: 'Sign In', exact: true });
  const failure = alertWith(page, messages.invalidCredentials);

  for (let attempt = 1; attempt <= 5; attempt++) {
    await password.fill(`Wrong!pass${attempt}`);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/auth/login'));
    await submit.click();
    expect((await answer).status()).toBe(401);
    await expect(failure).toBeVisible();
    if (attempt < 5) await expect(page.getByText(messages.loginManyFailures)).toHaveCount(0);
  }
  await expect(failure).toContainText(messages.loginManyFailures);
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-out visit to /profile goes to /login', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});
