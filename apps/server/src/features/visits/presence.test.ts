import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox, visitPresence } from '../../db/schema';
import { openStream } from '../../test/event-stream-client';
import { eventually, insertVisitRow, mailFor, signedInClinician, signedInMember, useTestApp } from '../../test/harness';

const server = useTestApp();
let base = '';
beforeAll(async () => {
  // A listening server: inject would wait for the whole answer of a stream that never ends.
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
});

/** A member who agreed to texts, with a waiting request in Missouri. */
async function waitingPatient() {
  const member = await signedInMember(server.app);
  const visit = await insertVisitRow(server.app, member.user.id as string);
  return { member, visit };
}

/** The doctor-ready notices the claim left for the patient: mail and texts. */
async function doctorReadyNotices(member: Awaited<ReturnType<typeof signedInMember>>) {
  const mail = (await mailFor(server.app, member.body.email)).filter((m) => m.kind === 'doctor-ready');
  const texts = await server.app.ctx.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.userId, member.user.id as string));
  return { mail: mail.length, texts: texts.filter((t) => t.kind === 'doctor-ready').length };
}

const presenceOf = (visitId: string) => server.app.ctx.db.select().from(visitPresence).where(eq(visitPresence.visitId, visitId));

async function claim(visitId: string) {
  const clinician = await signedInClinician(server.app, { states: ['MO'] });
  const res = await server.http.post(`/api/clinic/visits/${visitId}/claim`, {}, clinician.token);
  expect(res.status).toBe(200);
}

describe('the doctor-ready notice', () => {
  it('is not sent to a patient watching the waiting room, who sees the claim there', async () => {
    const { member, visit } = await waitingPatient();
    const room = await openStream(`${base}/api/visits/${visit.id}/events`, member.token);
    expect((await room.next())?.data).toMatchObject({ status: 'waiting' });

    await claim(visit.id);
    expect((await room.next())?.data).toMatchObject({ status: 'claimed' });
    expect(await doctorReadyNotices(member)).toEqual({ mail: 0, texts: 0 });
    room.abort();
  });

  it('is mailed and texted once the patient has closed the waiting room', async () => {
    const { member, visit } = await waitingPatient();
    const room = await openStream(`${base}/api/visits/${visit.id}/events`, member.token);
    await room.next();
    expect(await presenceOf(visit.id)).toHaveLength(1);
    room.abort();
    await eventually('the presence released', async () => ((await presenceOf(visit.id)).length === 0 ? true : undefined));

    await claim(visit.id);
    expect(await doctorReadyNotices(member)).toEqual({ mail: 1, texts: 1 });
  });

  it('is sent when the only presence is expired, of another visit, or of another person', async () => {
    const { member, visit } = await waitingPatient();
    const other = await waitingPatient();
    const clinician = await signedInClinician(server.app, { states: ['MO'] });
    const past = new Date(Date.now() - 60_000);
    const later = new Date(Date.now() + 60_000);
    await server.app.ctx.db.insert(visitPresence).values([
      // An instance that stopped without closing the patient's stream.
      { visitId: visit.id, userId: member.user.id as string, expiresAt: past },
      { visitId: other.visit.id, userId: member.user.id as string, expiresAt: later },
      { visitId: visit.id, userId: clinician.user.id as string, expiresAt: later },
    ]);

    await claim(visit.id);
    expect(await doctorReadyNotices(member)).toEqual({ mail: 1, texts: 1 });
  });
});

describe("the text about a clinician's message", () => {
  /** The visit-message texts queued for the patient. */
  const messageTexts = async (patientId: string) =>
    (await server.app.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.userId, patientId))).filter((t) => t.kind === 'visit-message')
      .length;

  it('goes only to a patient who does not have the visit open', async () => {
    const member = await signedInMember(server.app);
    const patientId = member.user.id as string;
    const clinician = await signedInClinician(server.app, { states: ['MO'] });
    const visit = await insertVisitRow(server.app, patientId, {
      status: 'claimed',
      mode: 'message',
      clinicianId: clinician.user.id as string,
      claimedAt: new Date(),
    });
    const write = async (text: string) =>
      expect((await server.http.post(`/api/clinic/visits/${visit.id}/messages`, { text }, clinician.token)).status).toBe(201);

    const room = await openStream(`${base}/api/visits/${visit.id}/events`, member.token);
    await room.next();
    await write('How is the fever today?');
    expect(await messageTexts(patientId)).toBe(0);

    room.abort();
    await eventually('the presence released', async () => ((await presenceOf(visit.id)).length === 0 ? true : undefined));
    await write('Please call us if it rises.');
    expect(await messageTexts(patientId)).toBe(1);
  });
});
