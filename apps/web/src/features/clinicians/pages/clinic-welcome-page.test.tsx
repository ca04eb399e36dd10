import { messages } from '@app/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderAt } from '../../../test/helpers';
import ClinicWelcomePage from './clinic-welcome-page';

const PASSWORD = 'Quill!Meadow48';

describe('the invitation page', () => {
  it("sets the password with the link's token, then offers to sign in", async () => {
    const api = mockApi({ 'POST /api/clinicians/invitation/accept': json(200, { message: messages.clinicianInvitationAccepted }) });
    renderAt('/clinic/welcome', <ClinicWelcomePage />, { url: '/clinic/welcome?token=invite-1' });
    expect(screen.getByRole('heading', { level: 1, name: 'Set your password' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New password'), PASSWORD);
    await userEvent.type(screen.getByLabelText('Confirm new password'), PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(messages.clinicianInvitationAccepted)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/clinicians/invitation/accept')[0]!.body).toEqual({ token: 'invite-1', newPassword: PASSWORD });
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('keeps the button off until the password meets the rules and is confirmed', async () => {
    mockApi({});
    renderAt('/clinic/welcome', <ClinicWelcomePage />, { url: '/clinic/welcome?token=invite-1' });
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    expect(screen.getByRole('button', { name: 'Set password' })).toBeDisabled();
  });

  it("shows the server's answer to a used or expired link", async () => {
    mockApi({ 'POST /api/clinicians/invitation/accept': json(400, { message: messages.clinicianInvitationInvalid }) });
    renderAt('/clinic/welcome', <ClinicWelcomePage />, { url: '/clinic/welcome?token=old' });
    await userEvent.type(screen.getByLabelText('New password'), PASSWORD);
    await userEvent.type(screen.getByLabelText('Confirm new password'), PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.clinicianInvitationInvalid);
  });

  it('says a link without a token is invalid', () => {
    mockApi({});
    renderAt('/clinic/welcome', <ClinicWelcomePage />, { url: '/clinic/welcome' });
    expect(screen.getByRole('alert')).toHaveTextContent(messages.clinicianInvitationInvalid);
  });
});
