import { messages, VISIT_PHOTO_MAX_BYTES } from '@app/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderAt } from '../../../test/helpers';
import { VisitThread } from './visit-thread';

const fromClinician = {
  id: '1',
  from: 'clinician',
  text: 'Could you send a photo of the rash?',
  photo: null,
  sentAt: '2026-12-05T15:00:00.000Z',
};
const photoMessage = {
  id: '2',
  from: 'patient',
  text: '',
  photo: { id: 'a1b2', type: 'image/png', size: 4 },
  sentAt: '2026-12-05T15:01:00.000Z',
};

// The thread shows photos and previews through object URLs; each test's is a known one.
beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() });
});
afterEach(() => vi.unstubAllGlobals());

// The file input's accept attribute is the browser's hint only: the check must hold when it is bypassed.
const user = () => userEvent.setup({ applyAccept: false });
const png = (size = 4) => new File([new Uint8Array(size)], 'rash.png', { type: 'image/png' });

describe('the thread of a message visit', () => {
  it('refuses a file that is not a JPEG or PNG, or is over 10 MB, before anything is sent', async () => {
    const api = mockApi({ 'GET /api/visits/v1/messages': json(200, { messages: [fromClinician] }) });
    renderAt('/visits/v1', <VisitThread visitId="v1" open />);
    const input = await screen.findByLabelText(/Add photo/);

    await user().upload(input, new File(['GIF89a'], 'rash.gif', { type: 'image/gif' }));
    expect(screen.getByText(messages.visitPhotoType)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    await user().upload(input, png(VISIT_PHOTO_MAX_BYTES + 1));
    expect(screen.getByText(messages.visitPhotoTooLarge)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(api.callsTo('POST', '/api/visits/v1/photos')).toHaveLength(0);
  });

  it('shows the chosen photo, sends it as itself, and shows the photos of the thread', async () => {
    let sent = false;
    const api = mockApi({
      'GET /api/visits/v1/messages': () => json(200, { messages: sent ? [fromClinician, photoMessage] : [fromClinician] }),
      'POST /api/visits/v1/photos': () => {
        sent = true;
        return json(201, photoMessage);
      },
      'GET /api/visits/v1/photos/a1b2': () => new Response('png', { headers: { 'content-type': 'image/png' } }),
    });
    renderAt('/visits/v1', <VisitThread visitId="v1" open />);
    const input = await screen.findByLabelText(/Add photo/);
    await user().upload(input, png());
    expect(screen.getByRole('img', { name: 'The photo to send: rash.png' })).toHaveAttribute('src', 'blob:photo');
    expect(input).not.toHaveAttribute('aria-invalid');

    await user().click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('img', { name: messages.visitPhotoAlt('patient') })).toHaveAttribute('src', 'blob:photo');
    expect(screen.queryByRole('img', { name: /The photo to send/ })).not.toBeInTheDocument();
    const [upload] = api.callsTo('POST', '/api/visits/v1/photos');
    expect(upload!.headers['Content-Type']).toBe('image/png');
    expect(api.fetchMock.mock.calls.find(([path]) => path === '/api/visits/v1/photos')?.[1]?.body).toBeInstanceOf(File);
  });
});
