import type { ClinicianVisit } from '@app/shared';
import type { QueueItem } from '../api/clinic';

/** A queued request as GET /api/clinic/queue answers it, requested `minutesAgo` minutes ago. */
export function queueItem(overrides: Partial<QueueItem> = {}, minutesAgo = 12): QueueItem {
  return {
    id: '0b7c6f4e-0000-4000-8000-000000000001',
    service: 'urgent-care',
    state: 'MO',
    age: 34,
    mode: 'phone',
    requestedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    ...overrides,
  };
}

/** An event stream's body of one frame. */
export const sse = (event: string, data: unknown) =>
  new Response(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`, { status: 200, headers: { 'content-type': 'text/event-stream' } });

/** A claimed phone visit as GET /api/clinic/visits/{id} answers it. */
export function clinicianVisit(overrides: Partial<ClinicianVisit> = {}): ClinicianVisit {
  return {
    id: '0b7c6f4e-0000-4000-8000-000000000001',
    status: 'claimed',
    service: 'urgent-care',
    mode: 'phone',
    state: 'MO',
    symptoms: 'Fever of 101°F since yesterday',
    since: 'days',
    requestedAt: '2026-11-27T15:00:00.000Z',
    claimedAt: '2026-11-27T15:05:00.000Z',
    startedAt: null,
    endedAt: null,
    cancelledBy: null,
    patient: { id: 'p1', firstName: 'Avery', lastName: 'Member', dob: '1990-04-12', age: 36 },
    guardian: null,
    callbackPhone: '3145550100',
    history: {
      noKnownAllergies: false,
      allergies: ['Penicillin'],
      medications: [{ name: 'Lisinopril', dose: '10 mg' }],
      conditions: ['Hypertension'],
      surgeries: [{ name: 'Appendectomy', year: 2010 }],
      pharmacy: { name: 'Market Street Pharmacy', phone: '3145550199', address: '1 Market St, Saint Louis, MO' },
    },
    historySavedAt: '2026-11-20T15:00:00.000Z',
    pastVisits: [],
    note: null,
    signedAt: null,
    addenda: [],
    ...overrides,
  };
}
