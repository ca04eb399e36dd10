import { messages, TELEHEALTH_CONSENT_VERSION } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { visits } from '../../db/schema';
import { signedInClinician, signedInMember, signedInPatient, useTestApp, visitRequestBody } from '../../test/harness';

const server = useTestApp();

/** A clinician licensed in Missouri and Illinois exists for the file's requests. */
const licensed = (() => {
  let made: Promise<unknown> | undefined;
  return () => (made ??= signedInClinician(server.app, { states: ['MO', 'IL'] }));
})();

const visitRows = (patientId: string) => server.app.ctx.db.select().from(visits).where(eq(visits.patientId, patientId));

describe('requesting a visit', () => {
  it('opens a waiting request, with the place in the queue and an estimated wait, and keeps the consent', async () => {
    await licensed();
    const { token, user } = await signedInMember(server.app);
    const res = await server.http.post('/api/visits', visitRequestBody(), token, { 'x-forwarded-for': '203.0.113.9' });
    expect(res.status).toBe(201);
    const visit = res.body.visit as Record<string, unknown>;
    expect(visit).toMatchObject({ status: 'waiting', service: 'urgent-care', mode: 'phone', state: 'MO', clinician: null, summary: null });
    expect(visit.queue).toEqual({ position: expect.any(Number), estimatedWaitMinutes: expect.any(Number) });

    const [row] = await visitRows(user.id as string);
    expect(row).toMatchObject({ callbackPhone: '3145550100', coverage: 'membership', consentVersion: TELEHEALTH_CONSENT_VERSION });
    expect(row!.consentAt).toBeInstanceOf(Date);
    expect(row!.consentIp).toBeTruthy();
    // Sealed at rest: the raw column holds no symptom.
    const [raw] = await queryRows<{ symptoms: string; callback_phone: string }>(
      server.app.ctx.db,
      sql`SELECT symptoms, callback_phone FROM visits WHERE id = ${row!.id}`,
    );
    expect(raw!.symptoms).toMatch(/^v1:/);
    expect(raw!.callback_phone).toMatch(/^v1:/);

    const read = await server.http.get(`/api/visits/${row!.id}`, token);
    expect(read.status).toBe(200);
    expect((read.body.visit as { id: string }).id).toBe(row!.id);
    expect(read.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['an unknown state', { state: 'ZZ' }, 'state', messages.visitState],
    ['no service', { service: undefined }, 'service', messages.visitService],
    ['an unknown service', { service: 'dentistry' }, 'service', messages.visitService],
    ['empty symptoms', { symptoms: '  ' }, 'symptoms', messages.required],
    ['symptoms too long', { symptoms: 'a'.repeat(2001) }, 'symptoms', messages.tooLong(2000)],
    ['no since', { since: 'yesterday' }, 'since', messages.visitSince],
    ['an unknown way to meet', { mode: 'fax' }, 'mode', messages.visitMode],
    ['a short callback phone', { callbackPhone: '555-0100' }, 'callbackPhone', messages.phone],
    ['no telehealth consent', { telehealthConsent: false }, 'telehealthConsent', messages.telehealthConsentRequired],
    ['a red flag', { redFlags: ['chest-pain'] }, 'redFlags', messages.redFlagEmergency],
    ['an unknown red flag', { redFlags: ['hiccups'] }, 'redFlags.0', messages.badRequest],
  ])('refuses %s with a message on the field, and makes no request', async (_case, change, field, message) => {
    await licensed();
    const { token, user } = await signedInMember(server.app);
    const res = await server.http.post('/api/visits', visitRequestBody(change), token);
    expect(res.status).toBe(400);
    expect((res.body.errors as Record<string, string>)[field]).toBe(message);
    expect(await visitRows(user.id as string)).toHaveLength(0);
  });

  it('refuses a state no active clinician is licensed in, with the support phone', async () => {
    const { token, user } = await signedInMember(server.app);
    const res = await server.http.post('/api/visits', visitRequestBody({ state: 'AK' }), token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.noClinicianInState(server.app.ctx.config.brand.supportPhone));
    expect((res.body.errors as Record<string, string>).state).toBe(res.body.message);
    expect(await visitRows(user.id as string)).toHaveLength(0);
  });

  it('refuses a patient without an active membership', async () => {
    await licensed();
    const { token } = await signedInPatient(server.app);
    const res = await server.http.post('/api/visits', visitRequestBody(), token);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(messages.visitNeedsMembership);
  });

  it('keeps one open request per patient, also when two arrive at once, and names the open one', async () => {
    await licensed();
    const { token, user } = await signedInMember(server.app);
    const answers = await Promise.all([
      server.http.post('/api/visits', visitRequestBody(), token),
      server.http.post('/api/visits', visitRequestBody(), token),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    const [row] = await visitRows(user.id as string);
    expect(refused.body).toMatchObject({ message: messages.visitAlreadyOpen, openVisitId: row!.id });
    expect(await visitRows(user.id as string)).toHaveLength(1);
  });

  it('lets a one-time visit cover one completed visit, and a cancelled one does not use it up', async () => {
    await licensed();
    const { token, user } = await signedInMember(server.app, 'oneTimeVisit');
    const first = await server.http.post('/api/visits', visitRequestBody(), token);
    expect(first.status).toBe(201);
    const id = (first.body.visit as { id: string }).id;
    expect((await server.http.post(`/api/visits/${id}/cancel`, {}, token)).status).toBe(200);
    const second = await server.http.post('/api/visits', visitRequestBody(), token);
    expect(second.status).toBe(201);
    await server.app.ctx.db
      .update(visits)
      .set({
        status: 'completed',
        clinicianId: ((await licensed()) as { clinician: { userId: string } }).clinician.userId,
        endedAt: new Date(),
      })
      .where(eq(visits.id, (second.body.visit as { id: string }).id));
    const third = await server.http.post('/api/visits', visitRequestBody(), token);
    expect(third.status).toBe(403);
    expect(third.body.message).toBe(messages.visitNeedsMembership);
    expect((await visitRows(user.id as string)).map((v) => v.coverage)).toEqual(['one-time', 'one-time']);
  });
});

describe("a patient's visits are theirs alone", () => {
  it('answers 404 to another patient and 401 without a session, for every visit route', async () => {
    await licensed();
    const owner = await signedInMember(server.app);
    const other = await signedInMember(server.app);
    const id = ((await server.http.post('/api/visits', visitRequestBody(), owner.token)).body.visit as { id: string }).id;
    const routes = [
      ['get', `/api/visits/${id}`],
      ['post', `/api/visits/${id}/cancel`],
      ['get', `/api/visits/${id}/messages`],
      ['post', `/api/visits/${id}/messages`],
    ] as const;
    for (const [method, url] of routes) {
      const body = method === 'post' ? { text: 'Hello' } : undefined;
      const asOther =
        method === 'get'
          ? await server.http.get(url, other.token)
          : await server.http.post(url, url.endsWith('cancel') ? {} : body, other.token);
      expect(asOther.status, `${method} ${url} as another patient`).toBe(404);
      const anonymous = method === 'get' ? await server.http.get(url) : await server.http.post(url, {});
      expect(anonymous.status, `${method} ${url} anonymous`).toBe(401);
    }
    expect((await server.http.get(`/api/visits/${id}`, owner.token)).status).toBe(200);
    expect(((await server.http.get('/api/visits', other.token)).body.visits as unknown[]).length).toBe(0);
  });

  it('refuses a malformed visit id with a 400 naming it', async () => {
    const { token } = await signedInMember(server.app);
    const res = await server.http.get('/api/visits/not-a-uuid', token);
    expect(res.status).toBe(400);
    expect((res.body.errors as Record<string, string>).visitId).toBe(messages.visitNotFound);
  });
});

describe('cancelling a request', () => {
  it('cancels a waiting request, and refuses once the visit has started', async () => {
    const clinician = (await licensed()) as { token: string };
    const { token } = await signedInMember(server.app);
    const first = ((await server.http.post('/api/visits', visitRequestBody(), token)).body.visit as { id: string }).id;
    const cancelled = await server.http.post(`/api/visits/${first}/cancel`, {}, token);
    expect(cancelled.status).toBe(200);
    expect((cancelled.body.visit as { status: string }).status).toBe('cancelled');

    const second = ((await server.http.post('/api/visits', visitRequestBody(), token)).body.visit as { id: string }).id;
    expect((await server.http.post(`/api/clinic/visits/${second}/claim`, {}, clinician.token)).status).toBe(200);
    expect((await server.http.post(`/api/clinic/visits/${second}/start`, {}, clinician.token)).status).toBe(200);
    const refused = await server.http.post(`/api/visits/${second}/cancel`, {}, token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(messages.visitNotCancellable);
  });
});
