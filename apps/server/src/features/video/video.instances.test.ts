import type { VideoState } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { openStream } from '../../test/event-stream-client';
import { insertVisitRow, signedInClinician, signedInPatient } from '../../test/harness';
import { call } from '../../test/instances';
import { useInstancesOnOnePostgres } from '../../test/instances-on-postgres';

/**
 * The call's signals between two server processes on one Postgres database: the patient's stream on
 * one instance, the clinician's on the other, each sending through the instance it reached.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('video signalling across two instances (TEST_DATABASE_URL only)', () => {
  const cluster = useInstancesOnOnePostgres();

  it('passes the offer and the answer between a patient on one instance and the clinician on the other', async () => {
    const [a, b] = [await cluster.start(), await cluster.start()];
    const patient = await signedInPatient(cluster.helper);
    const clinician = await signedInClinician(cluster.helper, { states: ['MO'] });
    const visit = await insertVisitRow(cluster.helper, patient.user.id as string, {
      mode: 'video',
      status: 'claimed',
      clinicianId: clinician.user.id as string,
      claimedAt: new Date(),
    });
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    const path = (action: string) => `/api/visits/${visit.id}/video/${action}`;
    expect((await call(b.url, 'POST', path('start'), {}, as(clinician.token))).status).toBe(200);

    const patientStream = await openStream(`${a.url}${path('events')}`, patient.token);
    const clinicianStream = await openStream(`${b.url}${path('events')}`, clinician.token);
    const signalsOf = async (stream: typeof patientStream) => {
      for (;;) {
        const frame = await stream.next();
        if (!frame) throw new Error('the stream ended');
        const { signals } = frame.data as VideoState;
        if (signals.length > 0) return signals.map((s) => s.signal);
      }
    };
    // Each stream's first frame says it is open: signals sent from now on reach it.
    await Promise.all([patientStream.next(), clinicianStream.next()]);

    const offer = { kind: 'offer', negotiation: 'negotiation-1', sdp: 'v=0\r\n' };
    expect((await call(b.url, 'POST', path('signals'), offer, as(clinician.token))).status).toBe(204);
    expect(await signalsOf(patientStream)).toEqual([offer]);

    const answer = { kind: 'answer', negotiation: 'negotiation-1', sdp: 'v=0\r\n' };
    expect((await call(a.url, 'POST', path('signals'), answer, as(patient.token))).status).toBe(204);
    expect(await signalsOf(clinicianStream)).toEqual([answer]);

    expect((await call(a.url, 'POST', path('end'), {}, as(patient.token))).body).toMatchObject({ call: { endedBy: 'patient' } });
    for (;;) {
      const frame = await clinicianStream.next();
      if ((frame!.data as VideoState).call?.endedAt) break;
    }
    patientStream.abort();
    clinicianStream.abort();
  }, 180_000);
});
