import { messages, type ClinicianSelf } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockApi, renderAt } from '../../../test/helpers';
import { clinicianVisit, queueItem, sse } from '../test/clinic-fixtures';
import ClinicPage from './clinic-page';

const self: ClinicianSelf = { firstName: 'Mary', lastName: 'Seacole', credentials: 'MD', npi: '1234567893', states: ['MO'], onDuty: false };
const onDuty = { ...self, onDuty: true };
const emptyDesk = { 'GET /api/clinic/visits': json(200, { open: [], closed: [] }) };
const waiting = queueItem();

beforeEach(() => {
  window.sessionStorage.setItem('authToken', 'token');
  window.sessionStorage.setItem('authUser', JSON.stringify({ email: 'mary@example.com', verified: true, roles: ['ROLE_CLINICIAN'] }));
});

describe('the clinic page', () => {
  it("shows the clinician's name and credentials, and asks an off-duty clinician to go on duty", async () => {
    mockApi({ 'GET /api/clinic/me': json(200, self), ...emptyDesk });
    renderAt('/clinic', <ClinicPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Clinic' })).toBeInTheDocument();
    expect(await screen.findByText('Mary Seacole, MD')).toBeInTheDocument();
    expect(screen.getByText(/Licensed in Missouri/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Queue' })).toHaveTextContent(messages.clinicQueueOffDuty);
    expect(screen.queryByRole('button', { name: /^Claim/ })).toBeNull();
    expect(await screen.findByText(messages.clinicDeskEmpty)).toBeInTheDocument();
  });

  it('turns duty on with the switch', async () => {
    const api = mockApi({
      'GET /api/clinic/me': json(200, self),
      'PUT /api/clinic/duty': json(200, onDuty),
      'GET /api/clinic/queue': json(200, { onDuty: true, requests: [], states: ['MO'] }),
      'GET /api/clinic/queue/events': () => sse('queue', { onDuty: true, requests: [], states: ['MO'] }),
      ...emptyDesk,
    });
    renderAt('/clinic', <ClinicPage />);
    const duty = await screen.findByRole('switch', { name: 'On duty' });
    expect(duty).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(duty);
    await waitFor(() => expect(duty).toHaveAttribute('aria-checked', 'true'));
    expect(api.callsTo('PUT', '/api/clinic/duty')[0]!.body).toEqual({ onDuty: true });
    expect(screen.getByText(messages.clinicOnDuty)).toBeInTheDocument();
    expect(await screen.findByText(messages.clinicQueueEmpty)).toBeInTheDocument();
  });

  it('lists the waiting requests without a name, fills in from the event stream, and claims one into the workspace', async () => {
    const later = queueItem({ id: '0b7c6f4e-0000-4000-8000-000000000002', service: 'primary-care', mode: 'message', age: null }, 3);
    const api = mockApi({
      'GET /api/clinic/me': json(200, onDuty),
      'GET /api/clinic/queue': json(200, { onDuty: true, requests: [waiting], states: ['MO'] }),
      'GET /api/clinic/queue/events': () => sse('queue', { onDuty: true, requests: [waiting, later], states: ['MO'] }),
      'POST /api/clinic/visits/0b7c6f4e-0000-4000-8000-000000000001/claim': json(200, { visit: clinicianVisit() }),
      ...emptyDesk,
    });
    const { router } = renderAt('/clinic', <ClinicPage />);
    const list = await screen.findByRole('list', { name: 'Waiting requests' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Urgent care');
    expect(first).toHaveTextContent('Missouri · 34 y · Phone');
    expect(first).toHaveTextContent('Waiting 12 min');
    expect(second).toHaveTextContent('Primary care');
    expect(second).toHaveTextContent('Age not given');
    expect(list).not.toHaveTextContent('Avery');
    await userEvent.click(within(first!).getByRole('button', { name: /^Claim/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clinic/visits/0b7c6f4e-0000-4000-8000-000000000001'));
    expect(api.callsTo('POST', '/api/clinic/visits/0b7c6f4e-0000-4000-8000-000000000001/claim')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/clinic/queue/events')[0]!.headers.authorization).toBe('Bearer token');
  });

  it('says so when another clinician claimed the request first, and reads the queue again', async () => {
    let reads = 0;
    const api = mockApi({
      'GET /api/clinic/me': json(200, onDuty),
      'GET /api/clinic/queue': () => json(200, { onDuty: true, requests: reads++ === 0 ? [waiting] : [], states: ['MO'] }),
      'GET /api/clinic/queue/events': () => new Response(null, { status: 404 }),
      'POST /api/clinic/visits/0b7c6f4e-0000-4000-8000-000000000001/claim': json(409, { message: messages.visitAlreadyClaimed }),
      ...emptyDesk,
    });
    const { router } = renderAt('/clinic', <ClinicPage />);
    await userEvent.click(await screen.findByRole('button', { name: /^Claim/ }));
    expect(await screen.findByText(messages.visitAlreadyClaimed)).toBeInTheDocument();
    expect(await screen.findByText(messages.clinicQueueEmpty)).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/clinic/queue').length).toBeGreaterThanOrEqual(2);
    expect(router.state.location.pathname).toBe('/clinic');
  });

  it('lists the visits the clinician holds and those closed lately', async () => {
    mockApi({
      'GET /api/clinic/me': json(200, self),
      'GET /api/clinic/visits': json(200, {
        open: [{ ...waiting, status: 'in_visit', patientName: 'Avery Member' }],
        closed: [{ ...waiting, id: 'closed-1', status: 'completed', patientName: 'Blake Patient', endedAt: '2026-11-27T16:00:00.000Z' }],
      }),
    });
    renderAt('/clinic', <ClinicPage />);
    const open = await screen.findByRole('list', { name: 'Open visits' });
    expect(within(open).getByRole('link', { name: /Avery Member/ })).toHaveAttribute('href', `/clinic/visits/${waiting.id}`);
    expect(open).toHaveTextContent('In visit');
    expect(screen.getByRole('list', { name: 'Recently closed visits' })).toHaveTextContent('Blake Patient');
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
