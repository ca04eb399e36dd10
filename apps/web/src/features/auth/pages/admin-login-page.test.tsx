import { messages } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderAt } from '../../../test/helpers';
import AdminLoginPage from './admin-login-page';

describe('admin magic-link screen', () => {
  it('spends the token only on confirmation, then stores a tab session and opens /admin', async () => {
    const token = 'token';
    const api = mockApi({
      'POST /api/auth/verify-admin-login': json(200, {
        token,
        user: { email: 'admin@example.com', verified: true, roles: ['ROLE_ADMIN'] },
        message: messages.magicLinkVerified,
      }),
    });
    const { router } = renderAt('/verify-admin-login/:token', <AdminLoginPage />, { url: '/verify-admin-login/link-1' });
    expect(api.calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to the admin dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(api.calls[0]?.body).toEqual({ token: 'link-1' });
    expect(window.sessionStorage.getItem('authToken')).toBe(token);
    expect(JSON.parse(window.sessionStorage.getItem('authUser')!)).toMatchObject({ roles: ['ROLE_ADMIN'] });
    expect(window.sessionStorage.getItem('logginAdminUser')).toBe('1');
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });

  it("speaks to a clinician on a clinician's link, and opens /clinic from the roles the server answers", async () => {
    mockApi({
      'POST /api/auth/verify-admin-login': json(200, {
        token: 'token',
        user: { email: 'mary@example.com', verified: true, roles: ['ROLE_CLINICIAN'] },
        message: messages.clinicSignInVerified,
      }),
    });
    const { router } = renderAt('/verify-admin-login/:token', <AdminLoginPage />, { url: '/verify-admin-login/link-2?for=clinic' });
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm clinic sign-in' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to the clinic' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clinic'));
  });

  it('shows why a link failed, with a way back to sign in', async () => {
    mockApi({ 'POST /api/auth/verify-admin-login': json(400, { message: messages.magicLinkInvalid }) });
    renderAt('/admin-login', <AdminLoginPage />, { url: '/admin-login?token=old' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to the admin dashboard' }));
    expect(within(await screen.findByRole('alert')).getByText(messages.magicLinkInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sign In' }).getAttribute('href')).toBe('/login');
  });
});
