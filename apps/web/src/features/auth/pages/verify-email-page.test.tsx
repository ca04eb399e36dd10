import { messages } from '@app/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderAt } from '../../../test/helpers';
import VerifyEmailPage from './verify-email-page';

const at = (url: string) =>
  renderAt(url, <VerifyEmailPage />, { routePath: url.startsWith('/verify-email/') ? '/verify-email/:token' : '/verify', url });
const usable = json(200, { usable: true });
const spent = json(200, { usable: false, message: messages.verifyTokenInvalid });
const confirmButton = () => screen.findByRole('button', { name: 'Confirm my email' });

describe('email verification screen', () => {
  it('opening the link only checks it; the button spends it, stores the message and goes to sign in after 1.2 s', async () => {
    const api = mockApi({
      'GET /api/users/verify-email': usable,
      'POST /api/users/verify-email': json(200, { message: 'All set!' }),
    });
    const { router } = at('/verify-email/tok-1');
    await userEvent.click(await confirmButton());
    expect(await screen.findByText('All set!')).toBeInTheDocument();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/users/verify-email?token=tok-1',
      'POST /api/users/verify-email',
    ]);
    expect(api.calls[1]?.body).toEqual({ token: 'tok-1' });
    expect(JSON.parse(window.sessionStorage.getItem('loginFlash')!)).toMatchObject({ message: 'All set!' });
    expect(router.state.location.pathname).toBe('/verify-email/tok-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 2000 });
    // The router's state moves first and React renders the page in a transition after it: on a busy host, later.
    expect((await screen.findByTestId('flash')).textContent).toBe('All set!');
  });

  it('never POSTs before the person confirms', async () => {
    const api = mockApi({ 'GET /api/users/verify-email': usable });
    at('/verify?t=abc');
    await confirmButton();
    expect(api.callsTo('POST', '/api/users/verify-email')).toHaveLength(0);
    expect(api.calls[0]?.path).toBe('/api/users/verify-email?token=abc');
  });

  it('offers a new link, not Retry, for a spent, expired or unknown link', async () => {
    const api = mockApi({
      'GET /api/users/verify-email': spent,
      'POST /api/users/resend-verification': json(200, { message: messages.verificationResent }),
    });
    at('/verify?token=abc');
    expect(await screen.findByText(messages.verifyTokenInvalid)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry verification' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm my email' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(screen.getByText(messages.email)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/users/resend-verification')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Email'), ' Pat@Example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText(messages.verificationResent)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/users/resend-verification')[0]?.body).toEqual({ email: 'pat@example.com' });
  });

  it('offers a new link when the confirmation is refused (the link was spent meanwhile)', async () => {
    mockApi({
      'GET /api/users/verify-email': usable,
      'POST /api/users/verify-email': json(400, { message: messages.verifyTokenInvalid }),
    });
    at('/verify-email/tok-2');
    await userEvent.click(await confirmButton());
    expect(await screen.findByText(messages.verifyTokenInvalid)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new link' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry verification' })).toBeNull();
  });

  it('shows why a new link could not be sent', async () => {
    mockApi({
      'GET /api/users/verify-email': spent,
      'POST /api/users/resend-verification': json(429, { message: messages.tooManyRequests }),
    });
    at('/verify?token=abc');
    await userEvent.type(await screen.findByLabelText('Email'), 'pat@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText(messages.tooManyRequests)).toBeInTheDocument();
  });

  it('says when the token is missing, without calling the server, and offers a new link', () => {
    const api = mockApi({});
    at('/verify');
    expect(screen.getByText(messages.verifyMissingToken)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry verification' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send a new link' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('blocks while offline and enables Retry when back online', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const api = mockApi({ 'GET /api/users/verify-email': usable });
    at('/verify?token=abc');
    expect(screen.getByText(messages.verifyOffline)).toBeInTheDocument();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Retry verification' }).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Send a new link' })).toBeNull();
    expect(api.calls).toHaveLength(0);

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await userEvent.click(screen.getByRole('button', { name: 'Retry verification' }));
    expect(await confirmButton()).toBeEnabled();
  });

  it('explains a lost connection while confirming, and Retry confirms again', async () => {
    let fail = true;
    const api = mockApi({
      'GET /api/users/verify-email': usable,
      'POST /api/users/verify-email': () =>
        fail ? Promise.reject(new TypeError('Failed to fetch')) : json(200, { message: 'Verified now.' }),
    });
    at('/verify?token=abc');
    await userEvent.click(await confirmButton());
    expect(await screen.findByText(messages.verifyNetwork)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a new link' })).toBeNull();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry verification' }));
    expect(await screen.findByText('Verified now.')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/users/verify-email')).toHaveLength(1);
  });
});
