import { messages } from '@app/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderAt } from '../../../test/helpers';
import VerifyEmailPage from './VerifyEmailPage';

const at = (url: string) => renderAt(url, <VerifyEmailPage />, { routePath: url.startsWith('/verify-email/') ? '/verify-email/:token' : '/verify' , url });

describe('email verification screen', () => {
  it('verifies the token from the path, stores the message and goes to sign in after 1.2 s', async () => {
    const api = mockApi({ 'POST /api/users/verify-email': json(200, { message: 'All set!', user: { email: 'a@b.co', verified: true } }) });
    const { router } = at('/verify-email/tok-1');
    expect(await screen.findByText('All set!')).toBeTruthy();
    expect(api.calls[0]?.body).toEqual({ token: 'tok-1' });
    expect(JSON.parse(window.sessionStorage.getItem('loginFlash')!)).toMatchObject({ message: 'All set!' });
    expect(router.state.location.pathname).toBe('/verify-email/tok-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 2000 });
    expect(screen.getByTestId('flash').textContent).toBe('All set!');
  });

  it('reads ?t= and falls back to GET when the POST answers 405', async () => {
    const api = mockApi({
      'POST /api/users/verify-email': json(405, {}),
      'GET /api/users/verify-email': json(200, {}),
    });
    at('/verify?t=abc');
    expect(await screen.findByText(messages.verifySuccess)).toBeTruthy();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/users/verify-email', 'GET /api/users/verify-email?token=abc']);
  });

  it('says when the token is missing, without calling the server', () => {
    const api = mockApi({});
    at('/verify');
    expect(screen.getByText(messages.verifyMissingToken)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry verification' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the server message and retries', async () => {
    let answer = json(400, { message: messages.verifyTokenInvalid });
    mockApi({ 'POST /api/users/verify-email': () => answer });
    at('/verify?token=abc');
    expect(await screen.findByText(messages.verifyTokenInvalid)).toBeTruthy();
    answer = json(200, { message: 'Verified now.' });
    await userEvent.click(screen.getByRole('button', { name: 'Retry verification' }));
    expect(await screen.findByText('Verified now.')).toBeTruthy();
  });

  it('blocks while offline and enables Retry when back online', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const api = mockApi({ 'POST /api/users/verify-email': json(200, {}) });
    at('/verify?token=abc');
    expect(screen.getByText(messages.verifyOffline)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Retry verification' }).disabled).toBe(true);
    expect(api.calls).toHaveLength(0);

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Retry verification' }).disabled).toBe(false);
  });

  it('explains a lost connection', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    at('/verify?token=abc');
    expect(await screen.findByText(messages.verifyNetwork)).toBeTruthy();
  });
});
