import { CUSTOMER_ID_PATTERN, latestAdultBirthDate, messages } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { html, json, mockApi, renderAt, testPlans } from '../../../test/helpers';
import SignupPage from './signup-page';

vi.mock('../../captcha/components/loaders', () => ({
  altchaSupported: () => true,
  loadAltcha: () => Promise.resolve(),
  loadRecaptcha: () => Promise.reject(new Error('not in tests')),
}));

const STRONG = 'Str0ng!Pass';

function setup(extra: Parameters<typeof mockApi>[0] = {}, captchaMode: 'off' | 'altcha' = 'off') {
  const api = mockApi({
    'GET /api/plans': json(200, testPlans),
    'GET /api/captcha/config': json(200, { mode: captchaMode }),
    ...extra,
  });
  const user = userEvent.setup();
  const view = renderAt('/consult', <SignupPage />);
  return { api, user, ...view };
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await user.type(screen.getByLabelText('Email'), 'Ada@Example.com');
  await user.type(screen.getByLabelText('Phone number'), '5551234567');
  await user.type(screen.getByLabelText('Password'), STRONG);
  await user.type(screen.getByLabelText('Confirm password'), STRONG);
  fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1990-04-12' } });
  await user.type(screen.getByLabelText('ZIP code'), '63101');
  await user.type(screen.getByLabelText(/Symptoms or reason for your visit/), 'Sore throat');
  await user.click(await screen.findByRole('radio', { name: 'Family Monthly' }));
  await user.click(screen.getByRole('checkbox', { name: messages.smsConsent }));
}

describe('sign-up form', () => {
  it('shows a field error only once the field was touched', async () => {
    const { user } = setup();
    const firstName = screen.getByLabelText('First name');
    await user.type(firstName, 'A');
    await user.clear(firstName);
    expect(screen.queryByText(messages.required)).toBeNull();
    expect(firstName.getAttribute('aria-invalid')).toBeNull();

    await user.tab();
    expect(screen.getByText(messages.required)).toBeInTheDocument();
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(firstName.getAttribute('aria-describedby')).toContain('signup-firstName-error');

    await user.type(firstName, 'Ada');
    expect(firstName.getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById('signup-firstName-error')).toBeNull();
  });

  it('#2 explains a common password at the field', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Password1234!');
    await user.tab();
    expect(screen.getByText(messages.passwordTooCommon)).toBeInTheDocument();
  });

  it('a failed submit shows every error, focuses the first invalid field and sends nothing', async () => {
    const { user, api } = setup();
    await screen.findByRole('radio', { name: 'Individual Monthly' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
    expect(screen.getAllByText(messages.required)).toHaveLength(2);
    expect(screen.getByText(messages.email)).toBeInTheDocument();
    expect(screen.getByText(messages.phone)).toBeInTheDocument();
    expect(screen.getByText(messages.password)).toBeInTheDocument();
    expect(screen.getByText(messages.dobRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.zipRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.planRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.smsTerms)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/users/register')).toHaveLength(0);
  });

  it('focuses the first invalid field in form order', async () => {
    const { user } = setup();
    await fillValidForm(user);
    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '555');
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Phone number'));
    expect(screen.getByText(messages.phone)).toBeInTheDocument();
    expect(screen.getByText(messages.dobRequired)).toBeInTheDocument();
  });

  it('formats the phone as (000) 000-0000 and keeps ten digits at most', async () => {
    const { user } = setup();
    const phone = screen.getByLabelText<HTMLInputElement>('Phone number');
    expect(phone.maxLength).toBe(14);
    await user.type(phone, '555a123');
    expect(phone.value).toBe('(555) 123');
    await user.type(phone, '4567999');
    expect(phone.value).toBe('(555) 123-4567');
  });

  it('checks the passwords match whenever either changes, with a live checklist', async () => {
    const { user } = setup();
    const password = screen.getByLabelText('Password');
    const confirm = screen.getByLabelText('Confirm password');
    const rules = screen.getByRole('list', { name: 'Password requirements' });
    expect(within(rules).getAllByText(/not met yet/)).toHaveLength(5);

    await user.type(password, STRONG);
    expect(within(rules).queryAllByText(/not met yet/)).toHaveLength(0);
    await user.type(confirm, STRONG);
    await user.tab();
    expect(screen.queryByText(messages.passwordsDoNotMatch)).toBeNull();
    await user.type(password, 'x');
    expect(screen.getByText(messages.passwordsDoNotMatch)).toBeInTheDocument();
  });

  it('limits the date of birth to adults and the ZIP to ten characters', () => {
    setup();
    expect(screen.getByLabelText<HTMLInputElement>('Date of birth').max).toBe(latestAdultBirthDate());
    expect(screen.getByLabelText<HTMLInputElement>('ZIP code').maxLength).toBe(10);
  });

  it('shows plan cards with price, listed price and expandable details, and stores the chosen plan', async () => {
    const { user } = setup();
    const radio = await screen.findByRole('radio', { name: 'One Time Visit' });
    const price = document.getElementById(radio.getAttribute('aria-describedby')!.split(' ')[0]!)!;
    expect(price.textContent).toBe('$59.99/visitwas $69.99');
    expect(price.querySelector('s')?.textContent).toBe('was $69.99');

    const toggle = screen.getByRole('button', { name: 'View full details of One Time Visit' });
    expect(screen.getByText('One consultation by phone or video').closest('ul')?.hidden).toBe(true);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'Hide details of One Time Visit' })).toBeInTheDocument();
    expect(screen.getByText('One consultation by phone or video').closest('ul')?.hidden).toBe(false);

    await user.click(radio);
    expect(window.sessionStorage.getItem('selectedPlan')).toBe('oneTimeVisit');
  });

  it('preselects a stored plan in any spelling', async () => {
    window.sessionStorage.setItem('selectedPlan', 'onetimevisit');
    setup();
    const radio = await screen.findByRole<HTMLInputElement>('radio', { name: 'One Time Visit' });
    expect(radio.checked).toBe(true);
  });

  it('registers with the payload the server expects, then goes to sign in with the message', async () => {
    window.sessionStorage.setItem('selectedPlan', 'individualMonthly');
    const { user, api, router } = setup({
      'POST /api/users/register': json(201, {
        message: 'Check your inbox!',
        firstName: 'Ada',
        email: 'ada@example.com',
        fullName: 'Ada Lovelace',
      }),
    });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const [call] = api.callsTo('POST', '/api/users/register');
    const body = call?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      email: 'ada@example.com',
      password: STRONG,
      firstName: 'Ada',
      lastName: 'Lovelace',
      customerPhone: '5551234567',
      dob: '1990-04-12',
      zip: '63101',
      symptoms: 'Sore throat',
      subscriptionStatus: 'pending',
      subscriptionPlan: 'familyMonthly',
      subscriptionAmount: 49.99,
      smsPolicyAccepted: true,
    });
    expect(body.customerId).toMatch(CUSTOMER_ID_PATTERN);
    expect(body.submittedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    for (const absent of ['confirmPassword', 'customerIp', 'customerState', 'customerCountry', 'recaptchaToken']) {
      expect(body).not.toHaveProperty(absent);
    }
    expect(window.sessionStorage.getItem('signupMessage')).toBe('Check your inbox!');
    expect(window.sessionStorage.getItem('selectedPlan')).toBeNull();
  });

  it('uses the default success message when the server sends none', async () => {
    const { user, router } = setup({ 'POST /api/users/register': json(201, {}) });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.sessionStorage.getItem('signupMessage')).toBe(messages.signupSuccess);
  });

  it('reads Submitting... and is disabled while busy', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user } = setup({ 'POST /api/users/register': () => new Promise<Response>((resolve) => (answer = resolve)) });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const busy = await screen.findByRole<HTMLButtonElement>('button', { name: 'Submitting...' });
    expect(busy.disabled).toBe(true);
    answer(json(400, { message: 'Nope.' }));
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeInTheDocument();
  });

  it('shows a 400 message at the top and the field errors next to their fields', async () => {
    const { user } = setup({
      'POST /api/users/register': json(400, {
        message: 'Please check the highlighted fields.',
        errors: { email: 'This email cannot be used.' },
      }),
    });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Please check the highlighted fields.');
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This email cannot be used.')).toBeInTheDocument();
    await user.type(email, 'x');
    expect(screen.queryByText('This email cannot be used.')).toBeNull();
  });

  it.each([
    ['a 400 with no message', json(400, {}), messages.signupInvalid],
    ['an HTML 404', html(404), messages.signupFrontendAnswered],
    ['a 500 with a message', json(500, { message: 'Database down' }), messages.signupFailedStatus(500, 'Database down')],
    ['a 503 with nothing', new Response(null, { status: 503 }), messages.signupFailedStatus(503)],
    [
      'a 502: saved, but the verification e-mail failed',
      json(502, { message: 'Your details were saved.' }),
      `Your details were saved. ${messages.signupMailRetry}`,
    ],
  ])('explains %s', async (_name, response, message) => {
    const { user } = setup({ 'POST /api/users/register': response });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(within(await screen.findByRole('alert')).getByText(message)).toBeInTheDocument();
  });

  it('explains a request that never got an answer', async () => {
    const { user } = setup({ 'POST /api/users/register': () => Promise.reject(new TypeError('Failed to fetch')) });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(within(await screen.findByRole('alert')).getByText(messages.requestError(messages.networkError))).toBeInTheDocument();
  });

  describe('with the captcha on', () => {
    function solveCaptcha(token = 'altcha-payload') {
      const widget = document.querySelector('altcha-widget');
      expect(widget).toBeInTheDocument();
      fireEvent(widget!, new CustomEvent('statechange', { detail: { state: 'verified', payload: token } }));
    }

    it('asks for the captcha before submitting', async () => {
      const { user, api } = setup({}, 'altcha');
      await fillValidForm(user);
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      expect(screen.getByText(messages.captchaRequired)).toBeInTheDocument();
      expect(api.callsTo('POST', '/api/users/register')).toHaveLength(0);
    });

    it('verifies the stored token first and sends it along', async () => {
      const { user, api, router } = setup(
        {
          'POST /api/recaptcha/verify': json(200, { success: true }),
          'POST /api/users/register': json(201, { message: 'ok' }),
        },
        'altcha',
      );
      await fillValidForm(user);
      await screen.findByRole('group', { name: 'Security check' });
      await waitFor(() => expect(document.querySelector('altcha-widget')).toBeInTheDocument());
      solveCaptcha('tok-123');
      expect(window.sessionStorage.getItem('captchaToken')).toBe('tok-123');
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(api.callsTo('POST', '/api/recaptcha/verify')[0]?.body).toEqual({ token: 'tok-123' });
      expect((api.callsTo('POST', '/api/users/register')[0]?.body as { recaptchaToken?: string }).recaptchaToken).toBe('tok-123');
      expect(window.sessionStorage.getItem('captchaToken')).toBeNull();
    });

    it.each([
      ['answers success false', json(200, { success: false }), messages.captchaFailed],
      ['fails', json(500, {}), messages.captchaCallError],
    ])('stops when the captcha check %s', async (_name, response, message) => {
      const { user, api } = setup({ 'POST /api/recaptcha/verify': response }, 'altcha');
      await fillValidForm(user);
      await waitFor(() => expect(document.querySelector('altcha-widget')).toBeInTheDocument());
      solveCaptcha();
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      expect(within(await screen.findByRole('alert')).getByText(message)).toBeInTheDocument();
      expect(api.callsTo('POST', '/api/users/register')).toHaveLength(0);
    });
  });
});
