import { randomUUID } from 'node:crypto';
import { messages, toCentralIso } from '@app/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, visits } from '../../db/schema';
import { runReconciliation } from '../billing';
import {
  adminEnv,
  cardPaymentBody as card,
  signedInAdmin,
  signedInClinician,
  signedInMember,
  signedInPatient,
  useTestApp,
  visitRequestBody,
  insertChargedPendingVisitPayment,
} from '../../test/harness';

const server = useTestApp(adminEnv);

/** A clinician licensed in Missouri exists for the file's requests. */
const licensed = (() => {
  let made: ReturnType<typeof signedInClinician> | undefined;
  return () => (made ??= signedInClinician(server.app, { states: ['MO'] }));
})();

const requestVisit = (token: string, body: unknown, key: string = randomUUID()) =>
  server.http.post('/api/visits', body, token, { 'idempotency-key': key });
const ledger = (userId: string) => server.app.ctx.db.select().from(payments).where(eq(payments.userId, userId));
const visitRows = (patientId: string) => server.app.ctx.db.select().from(visits).where(eq(visits.patientId, patientId));

const patient = async () => {
  const p = await signedInPatient(server.app);
  return { token: p.token, id: p.user.id as string };
};

describe('a visit paid for by itself', () => {
  it("charges the service's price once and makes the visit, covered by that payment, listed as the visit bought", async () => {
    await licensed();
    const { token, id } = await patient();
    const res = await requestVisit(token, visitRequestBody({ service: 'urgent-care', payment: card() }));
    expect(res.status).toBe(201);
    expect(res.body.visit).toMatchObject({ status: 'waiting', service: 'urgent-care' });

    const [payment] = await ledger(id);
    expect(payment).toMatchObject({ kind: 'visit', planId: 'urgent-care', amountCents: 4900, status: 'succeeded', cardLast4: '4242' });
    const [visit] = await visitRows(id);
    expect(visit).toMatchObject({ coverage: 'paid', paymentId: payment!.id });

    const history = await server.http.get('/api/users/me/payments', token);
    expect(history.body).toMatchObject([{ planName: 'Urgent care visit', kind: 'visit', amount: 49, status: 'succeeded' }]);
  });

  it('charges each service its own price', async () => {
    await licensed();
    const { token, id } = await patient();
    expect((await requestVisit(token, visitRequestBody({ service: 'primary-care', payment: card() }))).status).toBe(201);
    expect((await ledger(id)).map((p) => p.amountCents)).toEqual([7500]);
  });

  it("counts in the cash collected, and not as a new membership, in the day's analytics", async () => {
    await licensed();
    const admin = await signedInAdmin(server.app);
    const today = toCentralIso(new Date()).slice(0, 10);
    const day = async () => {
      const res = await server.http.get(`/api/admin/analytics/series?from=${today}&to=${today}`, admin.token);
      return (res.body.buckets as Array<{ cashCollected: number; newMemberships: number }>)[0]!;
    };
    const before = await day();
    const { token } = await patient();
    expect((await requestVisit(token, visitRequestBody({ service: 'pediatric-care', payment: card() }))).status).toBe(201);
    const after = await day();
    expect(after.cashCollected - before.cashCollected).toBeCloseTo(55);
    expect(after.newMemberships).toBe(before.newMemberships);
  });

  it('refuses a declined card with its message: no visit, nothing paid, and a good card then pays', async () => {
    await licensed();
    const { token, id } = await patient();
    const declined = await requestVisit(token, visitRequestBody({ payment: card('4000000000000002') }));
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ message: messages.declined.card_declined, code: 'card_declined' });
    expect(await visitRows(id)).toHaveLength(0);
    expect((await ledger(id)).map((p) => p.status)).toEqual(['failed']);

    expect((await requestVisit(token, visitRequestBody({ payment: card() }))).status).toBe(201);
    expect((await visitRows(id)).map((v) => v.coverage)).toEqual(['paid']);
  });

  it('never charges a patient whose membership covers the visit, card or not', async () => {
    await licensed();
    const { token, user } = await signedInMember(server.app);
    const res = await requestVisit(token, visitRequestBody({ payment: card() }));
    expect(res.status).toBe(201);
    expect(await ledger(user.id as string)).toHaveLength(0);
    expect((await visitRows(user.id as string)).map((v) => v.coverage)).toEqual(['membership']);
  });

  it('charges a double submit once and makes one visit', async () => {
    await licensed();
    const { token, id } = await patient();
    const key = randomUUID();
    const body = visitRequestBody({ payment: card() });
    const answers = await Promise.all([requestVisit(token, body, key), requestVisit(token, body, key)]);
    expect(answers.some((a) => a.status === 201)).toBe(true);
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    const again = await requestVisit(token, body, key);
    expect(again.status).toBe(409);
    const [visit] = await visitRows(id);
    expect(again.body.openVisitId).toBe(visit!.id);
    expect(await ledger(id)).toHaveLength(1);
    expect(await visitRows(id)).toHaveLength(1);
  });

  it('asks for the card, the price being due, when nothing covers the visit, and charges nothing without a purchase key', async () => {
    await licensed();
    const { token, id } = await patient();
    const unpaid = await requestVisit(token, visitRequestBody());
    expect(unpaid.status).toBe(403);
    expect(unpaid.body).toMatchObject({ message: messages.visitNeedsMembership, needsPayment: true });
    const keyless = await server.http.post('/api/visits', visitRequestBody({ payment: card() }), token);
    expect(keyless.status).toBe(400);
    expect(keyless.body.message).toBe(messages.idempotencyKeyRequired);
    expect(await ledger(id)).toHaveLength(0);
    expect(await visitRows(id)).toHaveLength(0);
  });

  it.each([
    ['an unknown service', { service: 'dentistry' }, 400],
    ['a state no clinician is licensed in', { state: 'AK' }, 400],
    ['a card that fails its check digit', { payment: card('4242424242424241') }, 400],
  ])('refuses %s before any charge', async (_case, change, status) => {
    await licensed();
    const { token, id } = await patient();
    const res = await requestVisit(token, visitRequestBody({ payment: card(), ...change }));
    expect(res.status).toBe(status);
    expect(await ledger(id)).toHaveLength(0);
    expect(await visitRows(id)).toHaveLength(0);
  });

  it("keeps a cancelled paid visit's payment for the next request of that service, until a visit it paid for is completed", async () => {
    const clinician = await licensed();
    const { token, id } = await patient();
    const first = await requestVisit(token, visitRequestBody({ payment: card() }));
    const firstId = (first.body.visit as { id: string }).id;
    expect((await server.http.post(`/api/visits/${firstId}/cancel`, {}, token)).status).toBe(200);
    // The request form learns it, and asks for no card.
    expect((await server.http.get('/api/users/me/unused-visits', token)).body).toEqual({ services: ['urgent-care'] });

    const second = await requestVisit(token, visitRequestBody());
    expect(second.status).toBe(201);
    expect((await server.http.get('/api/users/me/unused-visits', token)).body).toEqual({ services: [] });
    const [payment] = await ledger(id);
    expect((await visitRows(id)).map((v) => v.paymentId)).toEqual([payment!.id, payment!.id]);

    await server.app.ctx.db
      .update(visits)
      .set({ status: 'completed', clinicianId: clinician.clinician.userId, endedAt: new Date() })
      .where(eq(visits.id, (second.body.visit as { id: string }).id));
    const third = await requestVisit(token, visitRequestBody());
    expect(third.status).toBe(403);
    expect(await ledger(id)).toHaveLength(1);
  });

  it('settles a visit purchase whose request died after the charge, and the next request uses it without a new charge', async () => {
    await licensed();
    const { token, id } = await patient();
    const gatewayKey = `checkout:${id}:died-after-charge`;
    const attempt = await insertChargedPendingVisitPayment(server.app, { userId: id, gatewayKey });
    await runReconciliation(server.app.ctx);
    expect((await ledger(id)).map((p) => p.status)).toEqual(['succeeded']);

    expect((await requestVisit(token, visitRequestBody({ payment: card() }))).status).toBe(201);
    expect(await visitRows(id)).toMatchObject([{ coverage: 'paid', paymentId: attempt.id }]);
    expect(await ledger(id)).toHaveLength(1);
  });
});
