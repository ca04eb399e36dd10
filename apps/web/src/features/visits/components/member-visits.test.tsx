import type { MemberVisit } from '@app/shared';
import { screen, within, type BoundFunctions, type queries } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderAt } from '../../../test/helpers';
import { MemberVisits } from './member-visits';

const rosa = { id: 'u-1', firstName: 'Rosa', lastName: 'Diaz' };

const visit = (id: string, extra: Partial<MemberVisit> = {}): MemberVisit => ({
  id,
  patient: rosa,
  service: 'urgent-care',
  mode: 'phone',
  status: 'waiting',
  cancelledBy: null,
  // 15:15 UTC is 9:15 AM in Chicago, on standard time since Nov 1 (daylight time before: Oct 20, 14:00 UTC is 9:00 AM).
  requestedAt: '2026-11-02T15:15:00.000Z',
  claimedAt: null,
  waitMinutes: null,
  clinician: null,
  coverage: 'membership',
  paidCents: null,
  ...extra,
});

const page = (content: MemberVisit[], totalElements = content.length, totalPages = 1) => ({ content, totalElements, totalPages });

/** The table's rows below its header, each as the text of its cells. */
async function rowsOf(card: BoundFunctions<typeof queries>) {
  const rows = await card.findAllByRole('row');
  return rows.slice(1).map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
}

describe("a member's visits in the console", () => {
  it('lists each visit with its time in Chicago, patient, service, how, status, clinician, wait and what paid', async () => {
    const api = mockApi({
      'GET /api/admin/users/u-1/visits': json(
        200,
        page([
          visit('v-5'),
          visit('v-4', {
            patient: { id: 'u-3', firstName: 'Leo', lastName: 'Diaz' },
            service: 'pediatric-care',
            mode: 'video',
            status: 'in_visit',
            requestedAt: '2026-11-01T23:40:00.000Z',
            claimedAt: '2026-11-01T23:45:00.000Z',
            waitMinutes: 5,
            clinician: { name: 'Ada Byron, NP', credentials: 'NP' },
          }),
          visit('v-3', {
            service: 'primary-care',
            mode: 'video',
            status: 'completed',
            requestedAt: '2026-10-20T14:00:00.000Z',
            waitMinutes: 65,
            clinician: { name: 'Dr. Grace Hopper, MD', credentials: 'MD' },
            coverage: 'paid',
            paidCents: 7500,
          }),
          visit('v-2', { mode: 'message', status: 'cancelled', cancelledBy: 'patient', requestedAt: '2026-10-01T17:30:00.000Z' }),
          visit('v-1', { status: 'completed', waitMinutes: 0, coverage: 'one-time', requestedAt: '2026-09-15T12:00:00.000Z' }),
        ]),
      ),
    });
    renderAt('/admin/members/u-1', <MemberVisits userId="u-1" />);
    const card = within(await screen.findByRole('region', { name: 'Visits' }));
    expect(await rowsOf(card)).toEqual([
      ['Nov 2, 2026, 9:15 AM CT', 'This member', 'Urgent care', 'Phone', 'Waiting', '—', '—', 'Membership'],
      ['Nov 1, 2026, 5:40 PM CT', 'Leo Diaz', 'Pediatric care', 'Video', 'In visit', 'Ada Byron, NP', '5 min', 'Membership'],
      [
        'Oct 20, 2026, 9:00 AM CT',
        'This member',
        'Primary care',
        'Video',
        'Completed',
        'Dr. Grace Hopper, MD',
        '1 h 5 min',
        'Paid, $75.00',
      ],
      ['Oct 1, 2026, 12:30 PM CT', 'This member', 'Urgent care', 'Message', 'Cancelled by the patient', '—', '—', 'Membership'],
      ['Sep 15, 2026, 7:00 AM CT', 'This member', 'Urgent care', 'Phone', 'Completed', '—', 'Under a minute', 'One-time visit'],
    ]);
    expect(card.getByRole('link', { name: 'Leo Diaz' })).toHaveAttribute('href', '/admin/members/u-3');
    expect(card.queryByRole('navigation', { name: 'Visit pages' })).toBeNull();
    expect(api.callsTo('GET', '/api/admin/users/u-1/visits').map((call) => call.path)).toEqual(['/api/admin/users/u-1/visits?page=0']);
  });

  it('pages through the visits, ten at a time as the server pages them', async () => {
    const api = mockApi({
      'GET /api/admin/users/u-1/visits': ({ path }) =>
        json(200, path.endsWith('page=1') ? page([visit('v-1', { mode: 'video' })], 11, 2) : page([visit('v-11')], 11, 2)),
    });
    renderAt('/admin/members/u-1', <MemberVisits userId="u-1" />);
    const card = within(await screen.findByRole('region', { name: 'Visits' }));
    const pager = within(await card.findByRole('navigation', { name: 'Visit pages' }));
    expect(pager.getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.click(pager.getByRole('button', { name: 'Next' }));
    expect(await pager.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(await card.findByRole('cell', { name: 'Video' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/users/u-1/visits').at(-1)!.path).toBe('/api/admin/users/u-1/visits?page=1');
  });

  it('says so when the member has no visits yet', async () => {
    mockApi({ 'GET /api/admin/users/u-1/visits': json(200, page([])) });
    renderAt('/admin/members/u-1', <MemberVisits userId="u-1" />);
    expect(await screen.findByText('No visits yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows the server's reason when the visits cannot be listed, with a way to try again", async () => {
    const reason = 'This account was deleted: its visits are kept with its sealed records.';
    mockApi({ 'GET /api/admin/users/u-1/visits': json(404, { message: reason }) });
    renderAt('/admin/members/u-1', <MemberVisits userId="u-1" />);
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
