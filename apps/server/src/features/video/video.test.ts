import { createHmac } from 'node:crypto';
import type { ClinicianVisit, IceConfig, VideoCall, VideoState } from '@app/shared';
import { messages } from '@app/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { videoCalls } from '../../db/schema';
import { openStream } from '../../test/event-stream-client';
import { adminEnv, insertVisitRow, signedInAdmin, signedInClinician, signedInPatient, useTestApp } from '../../test/harness';

const turnSecret = 'a-turn-secret-shared-with-coturn';
const server = useTestApp({
  ...adminEnv,
  ICE_SERVERS: 'stun:stun.example.org:3478, turn:turn.example.org:3478?transport=udp, turns:turn.example.org:5349',
  TURN_SECRET: turnSecret,
  TURN_CREDENTIAL_TTL_SECONDS: '600',
});
let base = '';
beforeAll(async () => {
  // A listening server: inject would wait for the whole answer of a stream that never ends.
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
});

/** A video visit claimed by a clinician licensed in Missouri, with the patient's and the clinician's sessions. */
async function claimedVideoVisit(mode: 'video' | 'phone' = 'video') {
  const patient = await signedInPatient(server.app);
  const clinician = await signedInClinician(server.app, { states: ['MO'] });
  const visit = await insertVisitRow(server.app, patient.user.id as string, {
    mode,
    status: 'claimed',
    clinicianId: clinician.user.id as string,
    claimedAt: new Date(),
  });
  return { visit, patient, clinician };
}

const path = (visitId: string, action: string) => `/api/visits/${visitId}/video/${action}`;
const offer = { kind: 'offer', negotiation: 'negotiation-1', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' } as const;

/** The next frame of a call's stream, which the caller expects to satisfy `until`. */
async function nextState(stream: Awaited<ReturnType<typeof openStream>>, until: (state: VideoState) => boolean) {
  for (;;) {
    const frame = await stream.next();
    if (!frame) throw new Error('the stream ended');
    const state = frame.data as VideoState;
    if (until(state)) return state;
  }
}

describe('a video visit’s call', () => {
  it('starts by the clinician, begins the claimed visit, and each party’s stream passes only the other party’s signals', async () => {
    const { visit, patient, clinician } = await claimedVideoVisit();
    const patientStream = await openStream(`${base}${path(visit.id, 'events')}`, patient.token);
    expect(patientStream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(await nextState(patientStream, () => true)).toEqual({ side: 'patient', call: null, signals: [] });

    const started = await server.http.post(path(visit.id, 'start'), {}, clinician.token);
    expect(started.status).toBe(200);
    expect(started.body.call).toEqual({ startedAt: expect.any(String), endedAt: null, endedBy: null });
    expect((await nextState(patientStream, (s) => s.call !== null)).call).toEqual(started.body.call);
    const workspace = await server.http.get(`/api/clinic/visits/${visit.id}`, clinician.token);
    expect((workspace.body.visit as ClinicianVisit).status).toBe('in_visit');
    // Starting again answers the open call: one call at a time.
    expect((await server.http.post(path(visit.id, 'start'), {}, clinician.token)).body.call).toEqual(started.body.call);

    const clinicianStream = await openStream(`${base}${path(visit.id, 'events')}`, clinician.token);
    expect(await nextState(clinicianStream, () => true)).toMatchObject({ side: 'clinician', signals: [] });

    expect((await server.http.post(path(visit.id, 'signals'), offer, clinician.token)).status).toBe(204);
    const toPatient = await nextState(patientStream, (s) => s.signals.length > 0);
    expect(toPatient.signals.map((s) => s.signal)).toEqual([offer]);

    const answer = { kind: 'answer', negotiation: 'negotiation-1', sdp: 'v=0\r\n' };
    const candidate = {
      kind: 'candidate',
      negotiation: 'negotiation-1',
      candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    await server.http.post(path(visit.id, 'signals'), answer, patient.token);
    await server.http.post(path(visit.id, 'signals'), candidate, patient.token);
    const received: unknown[] = [];
    while (received.length < 2)
      received.push(...(await nextState(clinicianStream, (s) => s.signals.length > 0)).signals.map((s) => s.signal));
    // In order, each once, and never the clinician's own offer.
    expect(received).toEqual([answer, candidate]);
    patientStream.abort();
    clinicianStream.abort();
  });

  it('ends for both when either party ends it, records when and by whom, and takes no signal after', async () => {
    const { visit, patient, clinician } = await claimedVideoVisit();
    await server.http.post(path(visit.id, 'start'), {}, clinician.token);
    const clinicianStream = await openStream(`${base}${path(visit.id, 'events')}`, clinician.token);
    await nextState(clinicianStream, (s) => s.call?.endedAt === null);

    const ended = await server.http.post(path(visit.id, 'end'), {}, patient.token);
    expect(ended.status).toBe(200);
    expect(ended.body.call).toMatchObject({ endedAt: expect.any(String), endedBy: 'patient' });
    expect((await nextState(clinicianStream, (s) => s.call?.endedAt !== null)).call).toEqual(ended.body.call);
    const [row] = await server.app.ctx.db.select().from(videoCalls).where(eq(videoCalls.visitId, visit.id));
    expect(row).toMatchObject({ endedBy: patient.user.id, endedBySide: 'patient', startedBy: clinician.user.id });

    // The other party pressing "End call" at the same moment is answered with the call as it ended.
    expect((await server.http.post(path(visit.id, 'end'), {}, clinician.token)).body.call).toEqual(ended.body.call);
    const late = await server.http.post(path(visit.id, 'signals'), offer, clinician.token);
    expect(late).toMatchObject({ status: 409, body: { message: messages.videoNoCall } });
    expect((await server.http.get(path(visit.id, 'ice-servers'), patient.token)).status).toBe(409);
    clinicianStream.abort();
  });

  it('gives each party TURN credentials that coturn’s use-auth-secret accepts: the expiry and the person, signed with the shared secret', async () => {
    const { visit, patient, clinician } = await claimedVideoVisit();
    expect((await server.http.get(path(visit.id, 'ice-servers'), patient.token)).status).toBe(409);
    await server.http.post(path(visit.id, 'start'), {}, clinician.token);
    const before = Math.floor(Date.now() / 1000);
    const res = await server.http.get(path(visit.id, 'ice-servers'), patient.token);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const config = res.body as unknown as IceConfig;
    expect(config.iceTransportPolicy).toBe('all');
    expect(config.iceServers[0]).toEqual({ urls: ['stun:stun.example.org:3478'] });
    const turn = config.iceServers[1]!;
    expect(turn.urls).toEqual(['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349']);
    const [expiry, user] = turn.username!.split(':');
    expect(user).toBe(patient.user.id);
    expect(Number(expiry)).toBeGreaterThanOrEqual(before + 600);
    expect(Number(expiry)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 600);
    expect(turn.credential).toBe(createHmac('sha1', turnSecret).update(turn.username!).digest('base64'));
    expect(config.expiresAt).toBe(new Date(Number(expiry) * 1000).toISOString());
    expect(JSON.stringify(config)).not.toContain(turnSecret);
  });

  it('turns into a phone visit on the clinician’s "Switch to phone", keeping the claim and the note', async () => {
    const { visit, patient, clinician } = await claimedVideoVisit();
    await server.http.post(path(visit.id, 'start'), {}, clinician.token);
    const note = { subjective: 'Sore throat', objective: '', assessment: '', plan: '', prescriptions: [], followUp: '' };
    const saved = await server.http.put(`/api/clinic/visits/${visit.id}/note`, note, clinician.token);
    expect(saved.status).toBe(200);

    expect((await server.http.post(path(visit.id, 'switch-to-phone'), {}, patient.token)).status).toBe(403);
    expect((await server.http.post(path(visit.id, 'switch-to-phone'), {}, clinician.token)).status).toBe(204);
    const workspace = (await server.http.get(`/api/clinic/visits/${visit.id}`, clinician.token)).body.visit as ClinicianVisit;
    expect(workspace).toMatchObject({
      mode: 'phone',
      status: 'in_visit',
      callbackPhone: '3145550100',
      note: (saved.body.visit as ClinicianVisit).note,
    });
    const [call] = await server.app.ctx.db.select().from(videoCalls).where(eq(videoCalls.visitId, visit.id));
    expect(call).toMatchObject({ endedBySide: 'clinician', endedBy: clinician.user.id });
    expect((await server.http.post(path(visit.id, 'switch-to-phone'), {}, clinician.token)).status).toBe(409);
  });

  it('has no call in a phone visit, and only the clinician holding the visit starts one', async () => {
    const phone = await claimedVideoVisit('phone');
    const refused = await server.http.post(path(phone.visit.id, 'start'), {}, phone.clinician.token);
    expect(refused).toMatchObject({ status: 409, body: { message: messages.videoNotVideoVisit } });
    const video = await claimedVideoVisit();
    expect((await server.http.post(path(video.visit.id, 'start'), {}, video.patient.token)).status).toBe(403);
  });

  it('refuses anyone but the two parties with 403: another patient, another clinician, an admin', async () => {
    const { visit, clinician } = await claimedVideoVisit();
    await server.http.post(path(visit.id, 'start'), {}, clinician.token);
    const outsiders = {
      'another patient': (await signedInPatient(server.app)).token,
      'another clinician in the same state': (await signedInClinician(server.app, { states: ['MO'] })).token,
      'an admin': (await signedInAdmin(server.app)).token,
    };
    for (const [who, token] of Object.entries(outsiders)) {
      const answers = {
        events: (await fetch(`${base}${path(visit.id, 'events')}`, { headers: { authorization: `Bearer ${token}` } })).status,
        signals: (await server.http.post(path(visit.id, 'signals'), offer, token)).status,
        iceServers: (await server.http.get(path(visit.id, 'ice-servers'), token)).status,
        start: (await server.http.post(path(visit.id, 'start'), {}, token)).status,
        end: (await server.http.post(path(visit.id, 'end'), {}, token)).status,
        switchToPhone: (await server.http.post(path(visit.id, 'switch-to-phone'), {}, token)).status,
      };
      expect({ who, answers }).toEqual({
        who,
        answers: { events: 403, signals: 403, iceServers: 403, start: 403, end: 403, switchToPhone: 403 },
      });
    }
    const call = (await server.http.post(path(visit.id, 'start'), {}, clinician.token)).body.call as VideoCall;
    expect(call.endedAt).toBeNull();
    expect((await server.http.get(path(visit.id, 'ice-servers'))).status).toBe(401);
  });

  it('refuses a signal that is not one, and a visit id that is not one, with 400', async () => {
    const { visit, clinician } = await claimedVideoVisit();
    await server.http.post(path(visit.id, 'start'), {}, clinician.token);
    for (const body of [{ kind: 'shout' }, { kind: 'offer', negotiation: 'x', sdp: 'v=0' }, { ...offer, sdp: 'x'.repeat(30_001) }]) {
      expect((await server.http.post(path(visit.id, 'signals'), body, clinician.token)).status).toBe(400);
    }
    expect((await server.http.get(path('not-a-visit', 'ice-servers'), clinician.token)).status).toBe(400);
  });
});
