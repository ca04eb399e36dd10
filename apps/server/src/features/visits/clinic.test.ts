import { messages, type HealthHistory, type VisitNote } from '@app/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { auditLog, smsOutbox, users, visitReleases, visits } from '../../db/schema';
import {
  adminEnv,
  eventually,
  mailFor,
  signedInAdmin,
  signedInClinician,
  signedInMember,
  useTestApp,
  visitRequestBody,
} from '../../test/harness';
import { releaseStaleClaims } from '.';

const server = useTestApp(adminEnv);

const note = (change: Partial<VisitNote> = {}): VisitNote => ({
  subjective: 'Fever for two days, sore throat.',
  objective: 'Red throat on video, no distress.',
  assessment: 'Streptococcal pharyngitis, likely.',
  plan: 'Antibiotics, fluids, rest.',
  followUp: 'Call us if no better in 48 hours.',
  prescriptions: [{ drug: 'Amoxicillin', strength: '500 mg', directions: 'One capsule twice a day', quantity: '20 capsules', refills: 0 }],
  ...change,
});

const history = (pharmacy: string): HealthHistory => ({
  noKnownAllergies: true,
  allergies: [],
  medications: [],
  conditions: ['Asthma'],
  surgeries: [],
  pharmacy: { name: pharmacy, phone: '3145550123', address: '12 Main St' },
});

/** A member with a waiting request in a state; answers the member and the visit id. */
async function waitingVisit(state = 'MO', mode = 'phone') {
  const member = await signedInMember(server.app);
  const res = await server.http.post('/api/visits', visitRequestBody({ state, mode }), member.token);
  if (res.status !== 201) throw new Error(`request failed: ${res.status} ${res.text}`);
  return { member, id: (res.body.visit as { id: string }).id };
}

describe('the queue', () => {
  it('shows the requests of the clinician’s states, oldest first, with nothing that names the patient', async () => {
    const clinician = await signedInClinician(server.app, { states: ['KS', 'NE'] });
    await signedInClinician(server.app, { states: ['IA'] });
    const first = await waitingVisit('KS');
    const second = await waitingVisit('NE');
    const elsewhere = await waitingVisit('IA');
    const res = await server.http.get('/api/clinic/queue', clinician.token);
    expect(res.status).toBe(200);
    const ids = (res.body.requests as { id: string }[]).map((r) => r.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids).not.toContain(elsewhere.id);
    const item = (res.body.requests as Record<string, unknown>[]).find((r) => r.id === first.id)!;
    expect(Object.keys(item).sort()).toEqual(['age', 'id', 'mode', 'requestedAt', 'service', 'state']);
    expect(item.age).toBe(new Date().getUTCFullYear() - 1985 - (new Date() < new Date(`${new Date().getUTCFullYear()}-04-12`) ? 1 : 0));
    expect(JSON.stringify(res.body)).not.toContain(first.member.body.lastName);
  });

  it('is for clinicians: a patient gets 403 and nobody signed in 401', async () => {
    const { token } = await signedInMember(server.app);
    expect((await server.http.get('/api/clinic/queue', token)).status).toBe(403);
    expect((await server.http.get('/api/clinic/queue')).status).toBe(401);
    await signedInClinician(server.app, { states: ['MO'] });
    const { id } = await waitingVisit();
    expect((await server.http.post(`/api/clinic/visits/${id}/claim`, {}, token)).status).toBe(403);
  });
});

describe('claiming a request', () => {
  it('gives the clinician the visit, e-mails the patient without health details, and shows the patient who it is', async () => {
    const clinician = await signedInClinician(server.app, { states: ['MO'], firstName: 'Ada', lastName: 'Byron' });
    const { member, id } = await waitingVisit();
    const res = await server.http.post(`/api/clinic/visits/${id}/claim`, {}, clinician.token);
    expect(res.status).toBe(200);
    expect(res.body.visit).toMatchObject({ status: 'claimed', callbackPhone: '3145550100', patient: { firstName: 'Avery' } });

    const mail = await eventually('doctor-ready mail', async () =>
      (await mailFor(server.app, member.body.email)).find((m) => m.kind === 'doctor-ready'),
    );
    expect(mail.text).toContain(`/visits/${id}`);
    expect(mail.text).not.toMatch(/fever|throat/i);

    const seen = await server.http.get(`/api/visits/${id}`, member.token);
    expect(seen.body.visit).toMatchObject({
      status: 'claimed',
      queue: null,
      clinician: { name: 'Dr. Ada Byron, MD', credentials: 'MD', npi: clinician.clinician.npi },
    });
  });

  it('gives a request to exactly one of two clinicians claiming at once', async () => {
    const [a, b] = await Promise.all([
      signedInClinician(server.app, { states: ['MO'] }),
      signedInClinician(server.app, { states: ['MO'] }),
    ]);
    const { id } = await waitingVisit();
    const answers = await Promise.all([a, b].map((c) => server.http.post(`/api/clinic/visits/${id}/claim`, {}, c.token)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.message).toBe(messages.visitAlreadyClaimed);
  });

  it('refuses a clinician off duty, and one not licensed in the patient’s state', async () => {
    const offDuty = await signedInClinician(server.app, { states: ['MO'], onDuty: false });
    const elsewhere = await signedInClinician(server.app, { states: ['TX'] });
    const { id } = await waitingVisit();
    const off = await server.http.post(`/api/clinic/visits/${id}/claim`, {}, offDuty.token);
    expect(off.status).toBe(409);
    expect(off.body.message).toBe(messages.clinicianNotOnDuty);
    const outside = await server.http.post(`/api/clinic/visits/${id}/claim`, {}, elsewhere.token);
    expect(outside.status).toBe(403);
    expect(outside.body.message).toBe(messages.visitOutsideLicence);
  });

  it('keeps another clinician’s visit from a clinician who does not hold it', async () => {
    const holder = await signedInClinician(server.app, { states: ['MO'] });
    const other = await signedInClinician(server.app, { states: ['MO'] });
    const { id } = await waitingVisit();
    await server.http.post(`/api/clinic/visits/${id}/claim`, {}, holder.token);
    for (const [method, path, body] of [
      ['get', '', undefined],
      ['post', '/start', {}],
      ['put', '/note', note()],
      ['post', '/sign', note()],
      ['post', '/release', { reason: 'Busy' }],
      ['get', '/messages', undefined],
    ] as const) {
      const url = `/api/clinic/visits/${id}${path}`;
      const res = method === 'get' ? await server.http.get(url, other.token) : await server.http[method](url, body, other.token);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });
});

describe('the clinician’s visit', () => {
  it('shows the history as it was when requested and the patient’s past summaries, filed in the audit trail under the patient', async () => {
    const clinician = await signedInClinician(server.app, { states: ['MO'] });
    const member = await signedInMember(server.app);
    await server.http.put('/api/users/me/health-history', history('Corner Pharmacy'), member.token);
    const first = ((await server.http.post('/api/visits', visitRequestBody(), member.token)).body.visit as { id: string }).id;
    await server.http.put('/api/users/me/health-history', history('Second Pharmacy'), member.token);
    await server.http.post(`/api/clinic/visits/${first}/claim`, {}, clinician.token);
    const opened = await server.http.get(`/api/clinic/visits/${first}`, clinician.token);
    expect(opened.status).toBe(200);
    expect((opened.body.visit as { history: HealthHistory }).history.pharmacy!.name).toBe('Corner Pharmacy');
    await server.http.post(`/api/clinic/visits/${first}/sign`, note(), clinician.token);

    const second = ((await server.http.post('/api/visits', visitRequestBody(), member.token)).body.visit as { id: string }).id;
    await server.http.post(`/api/clinic/visits/${second}/claim`, {}, clinician.token);
    const view = (await server.http.get(`/api/clinic/visits/${second}`, clinician.token)).body.visit as Record<string, unknown>;
    expect(view.pastVisits).toEqual([expect.objectContaining({ id: first, summary: expect.objectContaining({ note: note() }) })]);

    const rows = await eventually('the audit rows of the reads', async () => {
      const found = await server.app.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorUserId, clinician.clinician.userId), eq(auditLog.action, 'GET /api/clinic/visits/:visitId')));
      return found.length >= 2 ? found : undefined;
    });
    expect(rows.every((row) => row.subjectUserId === member.user.id && row.actorRole === 'clinician')).toBe(true);
  });

  it('walks a phone visit: start, draft, sign and close; the patient reads the summary with the pharmacy', async () => {
    const clinician = await signedInClinician(server.app, { states: ['MO'] });
    const member = await signedInMember(server.app);
    await server.http.put('/api/users/me/health-history', history('Corner Pharmacy'), member.token);
    const id = ((await server.http.post('/api/visits', visitRequestBody(), member.token)).body.visit as { id: string }).id;
    await server.http.post(`/api/clinic/visits/${id}/claim`, {}, clinician.token);
    const started = await server.http.post(`/api/clinic/visits/${id}/start`, {}, clinician.token);
    expect(started.body.visit).toMatchObject({ status: 'in_visit', startedAt: expect.any(String) });
    expect((await server.http.get(`/api/visits/${id}`, member.token)).body.visit).toMatchObject({ status: 'in_visit' });

    const draft = await server.http.put(`/api/clinic/visits/${id}/note`, note({ plan: 'Draft plan' }), clinician.token);
    expect(draft.status).toBe(200);
    // A draft is the clinician's alone.
    expect((await server.http.get(`/api/visits/${id}`, member.token)).body.visit).toMatchObject({ summary: null });

    const signed = await server.http.post(`/api/clinic/visits/${id}/sign`, note(), clinician.token);
    expect(signed.status).toBe(200);
    expect(signed.body.visit).toMatchObject({ status: 'completed', signedAt: expect.any(String), note: note() });

    const record = await server.http.get('/api/visits', member.token);
    const visit = (record.body.visits as Record<string, unknown>[])[0]!;
    expect(visit).toMatchObject({ id, status: 'completed', summary: { note: note(), pharmacy: { name: 'Corner Pharmacy' }, addenda: [] } });

    const [raw] = await queryRows<{ note: string }>(server.app.ctx.db, sql`SELECT note FROM visit_notes WHERE visit_id = ${id}`);
    expect(raw!.note).toMatch(/^v1:/);
  });

  it('never changes a signed note: signing again or saving a draft is refused, an addendum is added', async () => {
    const clinician = await signedInClinician(server.app, { states: ['MO'] });
    const { member, id } = await waitingVisit();
    await server.http.post(`/api/clinic/visits/${id}/claim`, {}, clinician.token);
    const early = await server.http.post(`/api/clinic/visits/${id}/addenda`, { text: 'Too early' }, clinician.token);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(messages.noteNotSigned);
    await server.http.post(`/api/clinic/visits/${id}/sign`, note(), clinician.token);

    for (const res of [
      await server.http.post(`/api/clinic/visits/${id}/sign`, note({ plan: 'Changed' }), clinician.token),
      await server.http.put(`/api/clinic/visits/${id}/note`, note({ plan: 'Changed' }), clinician.token),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(messages.noteAlreadySigned);
    }
    const amended = await server.http.post(`/api/clinic/visits/${id}/addenda`, { text: 'Culture came back positive.' }, clinician.token);
    expect(amended.status).toBe(200);
    const summary = (
      (await server.http.get(`/api/visits/${id}`, member.token)).body.visit as { summary: { note: VisitNote; addenda: unknown[] } }
    ).summary;
    expect(summary.note.plan).toBe(note().plan);
    expect(summary.addenda).toEqual([{ text: 'Culture came back positive.', author: 'Dr. Grace Hopper, MD', addedAt: expect.any(String) }]);
  });

  it('refuses a note with a bad prescription line, naming the field', async () => {
    const clinician = await signedInClinician(server.app, { states: ['MO'] });
    const { id } = await waitingVisit();
    await server.http.post(`/api/clinic/visits/${id}/claim`, {}, clinician.token);
    const bad = note({ prescriptions: [{ drug: '', strength: '5 mg', directions: 'Daily', quantity: '30', refills: 0 }] });
    const res = await server.http.post(`/api/clinic/visits/${id}/sign`, bad, clinician.token);
    expect(res.status).toBe(400);
    expect((res.body.errors as Record<string, string>)['prescriptions.0.drug']).toBe(messages.required);
    expect((await server.http.get(`/api/clinic/visits/${id}`, clinician.token)).body.visit).toMatchObject({
      status: 'claimed',
      signedAt: null,
    });
  });
});

describe('handing a request back', () => {
  it('puts it back in the queue with the reason kept, and needs a reason', async () => {
    const clinician = await signedInClinician(server.app, { states: ['MO'] });
    const { member, id } = await waitingVisit();
    await server.http.post(`/api/clinic/visits/${id}/claim`, {}, clinician.token);
    const missing = await server.http.post(`/api/clinic/visits/${id}/release`, {}, clinician.token);
    expect(missing.status).toBe(400);
    expect((missing.body.errors as Record<string, string>).reason).toBe(messages.releaseReasonRequired);

    expect((await server.http.post(`/api/clinic/visits/${id}/release`, { reason: 'Needs a pediatrician' }, clinician.token)).status).toBe(
      204,
    );
    expect((await server.http.get(`/api/visits/${id}`, member.token)).body.visit).toMatchObject({ status: 'waiting', clinician: null });
    const [release] = await server.app.ctx.db.select().from(visitReleases).where(eq(visitReleases.visitId, id));
    expect(release).toMatchObject({ clinicianId: clinician.clinician.userId, reason: 'Needs a pediatrician' });
  });

  it('returns a claim not started within 10 minutes, and every visit of a disabled clinician', async () => {
    const clinician = await signedInClinician(server.app, { states: ['MO'] });
    const stale = await waitingVisit();
    const started = await waitingVisit();
    await server.http.post(`/api/clinic/visits/${stale.id}/claim`, {}, clinician.token);
    await server.http.post(`/api/clinic/visits/${started.id}/claim`, {}, clinician.token);
    await server.http.post(`/api/clinic/visits/${started.id}/start`, {}, clinician.token);
    const deps = { db: server.app.ctx.db, visitEvents: { publish: () => Promise.resolve() } };

    await releaseStaleClaims(deps, new Date(Date.now() + 9 * 60_000));
    expect((await server.app.ctx.db.select().from(visits).where(eq(visits.id, stale.id)))[0]!.status).toBe('claimed');
    await releaseStaleClaims(deps, new Date(Date.now() + 11 * 60_000));
    expect((await server.app.ctx.db.select().from(visits).where(eq(visits.id, stale.id)))[0]!.status).toBe('waiting');
    expect((await server.app.ctx.db.select().from(visits).where(eq(visits.id, started.id)))[0]!.status).toBe('in_visit');

    const admin = await signedInAdmin(server.app);
    expect((await server.http.post(`/api/admin/clinicians/${clinician.clinician.userId}/disable`, {}, admin.token)).status).toBe(200);
    expect((await server.http.get(`/api/visits/${started.id}`, started.member.token)).body.visit).toMatchObject({ status: 'waiting' });
    expect((await server.http.get('/api/clinic/queue', clinician.token)).status).toBe(401);
  });
});

describe('the thread and cancellations', () => {
  it('carries messages both ways while the visit is held, and refuses them before the claim and after the close', async () => {
    const clinician = await signedInClinician(server.app, { states: ['MO'] });
    const { member, id } = await waitingVisit('MO', 'message');
    const early = await server.http.post(`/api/visits/${id}/messages`, { text: 'Hello?' }, member.token);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(messages.visitNotOpen);

    await server.http.post(`/api/clinic/visits/${id}/claim`, {}, clinician.token);
    expect((await server.http.post(`/api/clinic/visits/${id}/messages`, { text: 'How high is the fever?' }, clinician.token)).status).toBe(
      201,
    );
    expect((await server.http.post(`/api/visits/${id}/messages`, { text: '101°F this morning.' }, member.token)).status).toBe(201);
    const thread = await server.http.get(`/api/visits/${id}/messages`, member.token);
    expect((thread.body.messages as { from: string; text: string }[]).map((m) => [m.from, m.text])).toEqual([
      ['clinician', 'How high is the fever?'],
      ['patient', '101°F this morning.'],
    ]);
    const empty = await server.http.post(`/api/visits/${id}/messages`, { text: ' ' }, member.token);
    expect((empty.body.errors as Record<string, string>).text).toBe(messages.required);

    await server.http.post(`/api/clinic/visits/${id}/sign`, note(), clinician.token);
    const late = await server.http.post(`/api/clinic/visits/${id}/messages`, { text: 'One more thing' }, clinician.token);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(messages.visitNotOpen);
  });

  it('lets the patient cancel after the claim, and the clinician sees who cancelled', async () => {
    const clinician = await signedInClinician(server.app, { states: ['MO'] });
    const { member, id } = await waitingVisit();
    await server.http.post(`/api/clinic/visits/${id}/claim`, {}, clinician.token);
    expect((await server.http.post(`/api/visits/${id}/cancel`, {}, member.token)).status).toBe(200);
    const view = await server.http.get(`/api/clinic/visits/${id}`, clinician.token);
    expect(view.body.visit).toMatchObject({ status: 'cancelled', cancelledBy: 'patient' });
    const sign = await server.http.post(`/api/clinic/visits/${id}/sign`, note(), clinician.token);
    expect(sign.status).toBe(409);
    expect(sign.body.message).toBe(messages.visitNotOpen);
  });
});

describe('texts', () => {
  it('texts a patient who agreed to texts when a doctor claims the request and when the doctor writes, never the symptoms', async () => {
    const clinician = await signedInClinician(server.app, { states: ['MO'] });
    const { member, id } = await waitingVisit('MO', 'message');
    await server.http.post(`/api/clinic/visits/${id}/claim`, {}, clinician.token);
    await server.http.post(`/api/clinic/visits/${id}/messages`, { text: 'How high is the fever?' }, clinician.token);
    await server.http.post(`/api/visits/${id}/messages`, { text: 'About 101°F.' }, member.token);
    const texts = await server.app.ctx.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.userId, member.user.id as string));
    expect(texts.map((t) => t.kind).sort()).toEqual(['doctor-ready', 'visit-message']);
    expect(texts.every((t) => !/fever|throat|101/i.test(t.body ?? ''))).toBe(true);
  });

  it('texts nobody who did not agree to texts', async () => {
    const clinician = await signedInClinician(server.app, { states: ['MO'] });
    const member = await signedInMember(server.app);
    await server.app.ctx.db
      .update(users)
      .set({ smsPolicyAccepted: false })
      .where(eq(users.id, member.user.id as string));
    const id = ((await server.http.post('/api/visits', visitRequestBody(), member.token)).body.visit as { id: string }).id;
    await server.http.post(`/api/clinic/visits/${id}/claim`, {}, clinician.token);
    expect(
      await server.app.ctx.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.userId, member.user.id as string)),
    ).toEqual([]);
  });
});
