import { messages, type ClinicianSelf } from '@app/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockApi, renderAt } from '../../../test/helpers';
import ClinicPage from './clinic-page';

const self: ClinicianSelf = { firstName: 'Mary', lastName: 'Seacole', credentials: 'MD', npi: '1234567893', states: ['MO'], onDuty: false };

beforeEach(() => {
  window.sessionStorage.setItem('authToken', 'token');
  window.sessionStorage.setItem('authUser', JSON.stringify({ email: 'mary@example.com', verified: true, roles: ['ROLE_CLINICIAN'] }));
});

describe('the clinic page', () => {
  it("shows the clinician's name and credentials, and the queue's place", async () => {
    mockApi({ 'GET /api/clinic/me': json(200, self) });
    renderAt('/clinic', <ClinicPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Clinic' })).toBeInTheDocument();
    expect(await screen.findByText('Mary Seacole, MD')).toBeInTheDocument();
    expect(screen.getByText(/Licensed in Missouri/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Queue' })).toHaveTextContent(messages.clinicQueuePlaceholder);
  });

  it('turns duty on with the switch', async () => {
    const api = mockApi({ 'GET /api/clinic/me': json(200, self), 'PUT /api/clinic/duty': json(200, { ...self, onDuty: true }) });
    renderAt('/clinic', <ClinicPage />);
    const duty = await screen.findByRole('switch', { name: 'On duty' });
    expect(duty).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(duty);
    await waitFor(() => expect(duty).toHaveAttribute('aria-checked', 'true'));
    expect(api.callsTo('PUT', '/api/clinic/duty')[0]!.body).toEqual({ onDuty: true });
    expect(screen.getByText(messages.clinicOnDuty)).toBeInTheDocument();
  });

  it('tells a clinician whose access is off why, without a switch', async () => {
    mockApi({ 'GET /api/clinic/me': json(403, { message: messages.clinicianDisabled }) });
    renderAt('/clinic', <ClinicPage />);
    expect(await screen.findByText(messages.clinicianDisabled)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('sends an ended session to sign in', async () => {
    mockApi({ 'GET /api/clinic/me': json(401, { message: messages.sessionExpired }) });
    const { router } = renderAt('/clinic', <ClinicPage />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
