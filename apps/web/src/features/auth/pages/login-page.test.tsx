import { FAILED_LOGIN_HINT_THRESHOLD, messages } from '@app/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeJwt, json, mockApi, renderAt } from '../../../test/helpers';
import LoginPage from './login-page';

vi.mock('../../captcha/components/loaders', () => ({
  altchaSupported: () => true,
  loadAltcha: () => Promise.resolve(),
  loadRecaptcha: () => Promise.reject(new Error('not in tests')),
}));

const PASSWORD = 'Corr3ct!Horse';
const user = {
  id: 'u1',
  email: 'pat@example.com',
  firstName: 'Pat',
  lastName: 'Lee',
  verified: true,
  emailVerificationStat: 'verified',
  subscriptionPlan: 'individualMonthly',
  planId: 'individualMonthly',
  roles: ['user'],
};

function setup(handlers: Parameters<typeof mockApi>[0] = {}, options: { captcha?: 'off' | 'altcha'; state?: unknown } = {}) {
  const api = mockApi({ 'GET /api/captcha/config': json(200, { mode: options.captcha ?? 'off' }), ...handlers });
  const events = userEvent.setup();
  const view = renderAt('/login', <LoginPage />, { state: options.state });
  return { api, events, ...view };
}

async function signIn(events: ReturnType<typeof userEvent.setup>, email = 'pat@example.com', password = PASSWORD) {
  const emailField = screen.getByLabelText('Email');
  await events.clear(emailField);
  await events.type(emailField, email);
  const passwordField = screen.getByLabelText('Password');
  await events.clear(passwordField);
  await events.type(passwordField, password);
  await events.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('sign-in page', () => {
  it('signs in, stores the session for this tab only and goes to the profile', async () => {
    const token = 'token';
    const { api, events, router } = setup({
      'POST /api/auth/login': json(200, { status: 'ok', verified: true, message: 'Signed in.', token, user }),
    });
    await signIn(events, ' pat@example.com ');

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(api.callsTo('POST', '/api/auth/login')[0]?.body).toEqual({ email: 'pat@example.com', password: PASSWORD, rememberMe: false });
    expect(window.sessionStorage.getItem('authToken')).toBe(token);
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(window.sessionStorage.getItem('justLoggedIn')).toBe('1');
  });

  it('with Remember Me keeps the session and the e-mail, never the password', async () => {
    const token = 'token';
    const { events, router } = setup({ 'POST /api/auth/login': json(200, { status: 'ok', verified: true, message: '', token, user }) });
    await events.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await signIn(events);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(window.localStorage.getItem('authToken')).toBe(token);
    expect(window.localStorage.getItem('rememberedEmail')).toBe('pat@example.com');
    const everything = [window.localStorage, window.sessionStorage]
      .flatMap((s) => Array.from({ length: s.length }, (_, i) => s.getItem(s.key(i)!)))
      .join(' ');
    expect(everything).not.toContain(PASSWORD);
  });

  it("stores the roles of the server's answer, and sends an admin to the dashboard", async () => {
    const admin = { ...user, roles: ['ROLE_ADMIN'] };
    const { events, router } = setup({
      'POST /api/auth/login': json(200, { status: 'ok', verified: true, message: '', token: 'token', user: admin }),
    });
    await signIn(events);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(JSON.parse(window.sessionStorage.getItem('authUser')!)).toMatchObject({ email: user.email, roles: ['ROLE_ADMIN'] });
  });

  it("grants nothing for the token's own claims: a patient's answer goes to the profile", async () => {
    const token = fakeJwt({ roles: ['ROLE_ADMIN'] });
    const { events, router } = setup({ 'POST /api/auth/login': json(200, { status: 'ok', verified: true, message: '', token, user }) });
    await signIn(events);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('pre-fills a remembered e-mail and ticks Remember Me', () => {
    window.localStorage.setItem('rememberedEmail', 'pat@example.com');
    setup();
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('pat@example.com');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Remember me' }).checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
  });

  it('asks for both fields', async () => {
    const { api, events } = setup();
    await events.type(screen.getByLabelText('Email'), 'pat@example.com');
    await events.type(screen.getByLabelText('Password'), '   ');
    await events.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(within(screen.getByRole('alert')).getByText(messages.loginBothRequired)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/login')).toHaveLength(0);
  });

  it('checks the e-mail format', async () => {
    const { events } = setup();
    await events.type(screen.getByLabelText('Email'), 'pat@');
    await events.tab();
    expect(screen.getByText(messages.loginEmail)).toBeInTheDocument();
    await events.type(screen.getByLabelText('Email'), 'example.com');
    expect(screen.queryByText(messages.loginEmail)).toBeNull();
  });

  it('shows the many-failures hint from the fifth failure in a row', async () => {
    const { events } = setup({ 'POST /api/auth/login': json(401, { message: 'Invalid email or password.' }) });
    for (let attempt = 1; attempt < FAILED_LOGIN_HINT_THRESHOLD; attempt += 1) {
      await signIn(events);
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Invalid email or password.')).toBeInTheDocument();
      expect(screen.queryByText(messages.loginManyFailures)).toBeNull();
    }
    await signIn(events);
    expect(await screen.findByText(messages.loginManyFailures)).toBeInTheDocument();
  });

  it('uses the default failure message when the server gives none', async () => {
    const { events } = setup({ 'POST /api/auth/login': new Response(null, { status: 401 }) });
    await signIn(events);
    expect(within(await screen.findByRole('alert')).getByText(messages.loginFailed)).toBeInTheDocument();
  });

  it('shows the server message of a 429', async () => {
    const { events } = setup({ 'POST /api/auth/login': json(429, { message: messages.tooManyLoginAttempts }) });
    await signIn(events);
    expect(within(await screen.findByRole('alert')).getByText(messages.tooManyLoginAttempts)).toBeInTheDocument();
  });

  it('warns an unverified user and does not sign in', async () => {
    const { events, router } = setup({
      'POST /api/auth/login': json(403, {
        status: 'unverified',
        verified: false,
        message: 'Verify first.',
        notVerifiedMessage: 'Please verify your email first (custom).',
      }),
    });
    await signIn(events);
    expect(within(await screen.findByRole('alert')).getByText('Please verify your email first (custom).')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.sessionStorage.getItem('authToken')).toBeNull();
  });

  it('tells an admin the magic link is on its way and keeps Sign In disabled', async () => {
    const { events, router } = setup({
      'POST /api/auth/login': json(200, { status: 'magic_link_sent', verified: true, message: messages.magicLinkSent }),
    });
    await signIn(events);
    expect(await screen.findByText(messages.magicLinkSent)).toBeInTheDocument();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sign In' }).disabled).toBe(true);
    expect(router.state.location.pathname).toBe('/login');
    expect(window.sessionStorage.getItem('logginAdminUser')).toBeNull();
  });

  it('shows and then forgets the stored sign-up message', async () => {
    window.sessionStorage.setItem('signupMessage', messages.signupSuccess);
    setup();
    expect(screen.getByText(messages.signupSuccess)).toBeInTheDocument();
    await waitFor(() => expect(window.sessionStorage.getItem('signupMessage')).toBeNull());
  });

  it('shows a flash passed in navigation state', () => {
    setup({}, { state: { flash: { message: messages.guardVerifyFirst, tone: 'warning' } } });
    expect(within(screen.getByRole('alert')).getByText(messages.guardVerifyFirst)).toBeInTheDocument();
  });

  it('links Sign up to the sign-up page', () => {
    setup();
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/consult');
  });

  it('requires the captcha when it is on, and sends its token', async () => {
    const token = 'token';
    const { api, events, router } = setup(
      { 'POST /api/auth/login': json(200, { status: 'ok', verified: true, message: '', token, user }) },
      { captcha: 'altcha' },
    );
    await signIn(events);
    expect(screen.getByText(messages.captchaRequired)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/login')).toHaveLength(0);

    await waitFor(() => expect(document.querySelector('altcha-widget')).toBeInTheDocument());
    fireEvent(document.querySelector('altcha-widget')!, new CustomEvent('statechange', { detail: { state: 'verified', payload: 'pow' } }));
    expect(screen.queryByText(messages.captchaRequired)).toBeNull();
    await events.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect((api.callsTo('POST', '/api/auth/login')[0]?.body as { recaptchaToken?: string }).recaptchaToken).toBe('pow');
  });
});

describe('forgot password', () => {
  async function open(events: ReturnType<typeof userEvent.setup>) {
    await events.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    return screen.getByLabelText('Account email');
  }

  it('validates the e-mail', async () => {
    const { events, api } = setup();
    const field = await open(events);
    expect(document.activeElement).toBe(field);
    await events.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText(messages.forgotEmpty)).toBeInTheDocument();
    await events.type(field, 'nope');
    expect(screen.getByText(messages.forgotInvalid)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/forgot-password')).toHaveLength(0);
  });

  it('sends the link and confirms without saying whether the account exists', async () => {
    const { events, api } = setup({ 'POST /api/auth/forgot-password': json(200, { message: 'whatever' }) });
    const field = await open(events);
    await events.type(field, 'Pat@Example.com');
    await events.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(messages.forgotSuccess)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/forgot-password')[0]?.body).toEqual({ email: 'pat@example.com' });
  });

  it('reports a failure', async () => {
    const { events } = setup({ 'POST /api/auth/forgot-password': json(500, { message: 'boom' }) });
    await events.type(await open(events), 'pat@example.com');
    await events.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(messages.forgotFailed)).toBeInTheDocument();
  });

  it('closes with Cancel', async () => {
    const { events } = setup();
    await open(events);
    await events.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Account email')).toBeNull();
  });
});
