import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderAt } from '../../../test/helpers';
import { ClinicThread } from './clinic-thread';

const fromPatient = { id: '1', from: 'patient', text: 'It itches at night.', photo: null, sentAt: '2026-12-05T15:00:00.000Z' };
const photoToPatient = {
  id: '2',
  from: 'clinician',
  text: '',
  photo: { id: 'c3d4', type: 'image/png', size: 4 },
  sentAt: '2026-12-05T15:02:00.000Z',
};

// The thread shows photos and previews through object URLs; each test's is a known one.
beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() });
});
afterEach(() => vi.unstubAllGlobals());

describe("the clinician's thread of a message visit", () => {
  it("sends a photo to the patient from the clinic's address, and reads its own messages as 'You'", async () => {
    let sent = false;
    const api = mockApi({
      'GET /api/clinic/visits/v1/messages': () => json(200, { messages: sent ? [fromPatient, photoToPatient] : [fromPatient] }),
      'POST /api/clinic/visits/v1/photos': () => {
        sent = true;
        return json(201, photoToPatient);
      },
      'GET /api/clinic/visits/v1/photos/c3d4': () => new Response('png', { headers: { 'content-type': 'image/png' } }),
    });
    renderAt('/clinic/visits/v1', <ClinicThread visitId="v1" open />);
    expect(await screen.findByText('It itches at night.')).toBeInTheDocument();
    expect(screen.getByText(/^Patient ·/)).toBeInTheDocument();

    await userEvent.upload(screen.getByLabelText(/Add photo/), new File([new Uint8Array(4)], 'guide.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const thread = within(await screen.findByRole('list'));
    expect(await thread.findByText(/^You ·/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/clinic/visits/v1/photos')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/visits/v1/photos')).toHaveLength(0);
  });

  it('has no box to write in once the visit is closed', async () => {
    mockApi({ 'GET /api/clinic/visits/v1/messages': json(200, { messages: [fromPatient] }) });
    renderAt('/clinic/visits/v1', <ClinicThread visitId="v1" open={false} />);
    expect(await screen.findByText('It itches at night.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Write to the patient')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Add photo/)).not.toBeInTheDocument();
  });
});
