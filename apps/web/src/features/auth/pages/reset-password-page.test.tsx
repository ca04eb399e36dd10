import { messages } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderAt } from '../../../test/helpers';
import ResetPasswordPage from './reset-password-page';

const STRONG = 'N3w!Password';

describe('reset password screen', () => {
  it('uses the token from the link, enables submit once every rule holds, then goes to sign in', async () => {
    const api = mockApi({ 'PUT /api/auth/reset-password': json(200, { message: messages.resetSuccess }) });
    const { router } = renderAt('/reset-password/:token', <ResetPasswordPage />, { url: '/reset-password/tok-9' });
    expect(screen.queryByLabelText('Reset token')).toBeNull();
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Reset password' });
    expect(submit.disabled).toBe(true);

    await userEvent.type(screen.getByLabelText('New password'), STRONG);
    expect(submit.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'N3w!Passwor');
    expect(submit.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'd');
    expect(submit.disabled).toBe(false);

    await userEvent.click(submit);
    expect(await screen.findByText(messages.resetSuccess)).toBeInTheDocument();
    expect(api.calls[0]?.body).toEqual({ token: 'tok-9', newPassword: STRONG });
    expect(JSON.parse(window.sessionStorage.getItem('loginFlash')!)).toMatchObject({ message: messages.resetSuccess });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 1500 });
  });

  it('#2 explains a common password and keeps submit disabled', async () => {
    const api = mockApi({});
    renderAt('/reset-password/:token', <ResetPasswordPage />, { url: '/reset-password/tok-9' });
    await userEvent.type(screen.getByLabelText('New password'), 'Password1234!');
    await userEvent.tab();
    expect(screen.getByText(messages.passwordTooCommon)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Password1234!');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Reset password' }).disabled).toBe(true);
    expect(api.calls).toHaveLength(0);
  });

  it("says 'Passwords do not match.' when the confirmation is left different", async () => {
    renderAt('/reset-password/:token', <ResetPasswordPage />, { url: '/reset-password/tok-9' });
    await userEvent.type(screen.getByLabelText('New password'), STRONG);
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'N3w!');
    expect(screen.queryByText(messages.passwordsDoNotMatch)).toBeNull();
    await userEvent.tab();
    expect(screen.getByText(messages.passwordsDoNotMatch)).toBeInTheDocument();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Reset password' }).disabled).toBe(true);
  });

  it('asks for the token when the link had none, and shows the server failure', async () => {
    mockApi({ 'PUT /api/auth/reset-password': json(400, { message: messages.resetTokenInvalid }) });
    renderAt('/reset', <ResetPasswordPage />);
    const token = screen.getByLabelText('Reset token');
    await userEvent.click(token);
    await userEvent.tab();
    expect(screen.getByText(messages.resetTokenRequired)).toBeInTheDocument();
    await userEvent.type(token, 'https://site.example/reset-password?token=from-link');
    expect((token as HTMLInputElement).value).toBe('from-link');
    await userEvent.type(screen.getByLabelText('New password'), STRONG);
    await userEvent.type(screen.getByLabelText('Confirm new password'), STRONG);
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(within(await screen.findByRole('alert')).getByText(messages.resetTokenInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sign In' }).getAttribute('href')).toBe('/login');
  });
});
