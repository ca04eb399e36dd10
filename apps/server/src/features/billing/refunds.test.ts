import { randomUUID } from 'node:crypto';
import { centralDay, messages } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, payments } from '../../db/schema';
import { adminEnv, checkoutBody, eventually, mailFor, signedInAdmin, signedInPatient, useTestApp, waitForMail } from '../../test/harness';
import { runReconciliation } from './reconciliation.service';

const server = useTestApp(adminEnv);

/** A patient who bought Individual Monthly ($29.99) through the checkout, with a card (4242… unless given). */
async function payingPatient(cardNumber = '4242424242424242') {
  const patient = await signedInPatient(server.app);
  const id = patient.user.id as string;
  const paid = await server.http.put(`/api/users/${id}/subscription`, checkoutBody({ card: { cardNumber } }), patient.token, {
    'idempotency-key': randomUUID(),
  });
  expect(paid.status).toBe(200);
  const [payment] = await server.app.ctx.db.select().from(payments).where(eq(payments.userId, id));
  return { ...patient, id, paymentId: payment!.id };
}

const admin = () => signedInAdmin(server.app);
const refund = async (userId: string, paymentId: string, body: unknown) =>
  server.http.post(`/api/admin/users/${userId}/payments/${paymentId}/refunds`, body, (await admin()).token);
const refundsOf = (paymentId: string) => server.app.ctx.db.select().from(payments).where(eq(payments.refundOf, paymentId));

/** This month's cash collected in the profit panel, in dollars. */
async function cashThisMonth() {
  const month = centralDay(new Date()).slice(0, 7);
  const res = await server.http.get(`/api/admin/analytics/profit?from=${month}&to=${month}`, (await admin()).token);
  return (res.body.months as { cashCollected: number }[])[0]!.cashCollected;
}

describe('POST /api/admin/users/{id}/payments/{paymentId}/refunds', () => {
  it('refunds part of a payment through the gateway: the ledger keeps it, the patient is told and sees it, cash is net of it, the trail holds it', async () => {
    const patient = await payingPatient();
    const cashBefore = await cashThisMonth();

    const res = await refund(patient.id, patient.paymentId, { amount: '10.00', reason: 'Asked within the first week' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: messages.refundDone('$10.00'),
      payment: { id: patient.paymentId, amount: 29.99, refundable: 19.99 },
    });

    const [row] = await refundsOf(patient.paymentId);
    expect(row).toMatchObject({
      kind: 'refund',
      status: 'succeeded',
      amountCents: -1000,
      reason: 'Asked within the first week',
      userId: patient.id,
    });
    expect(row!.gatewayReference).toMatch(/^sbx_re_/);

    const history = await server.http.get('/api/users/me/payments', patient.token);
    expect((history.body as unknown as { kind: string; amount: number; status: string }[])[0]).toMatchObject({
      kind: 'refund',
      amount: -10,
      status: 'succeeded',
    });
    const mail = await waitForMail(server.app, patient.body.email, 'refund');
    expect(mail.text).toContain('We refunded $10.00 of your payment for Individual Monthly');

    expect(await cashThisMonth()).toBeCloseTo(cashBefore - 10, 2);

    const trail = await eventually('the refund in the trail', async () => {
      const rows = await server.app.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectUserId, patient.id), eq(auditLog.action, 'POST /api/admin/users/:id/payments/:paymentId/refunds')));
      return rows[0];
    });
    expect(trail).toMatchObject({ actorRole: 'admin', status: 200 });
    expect(trail.details).toMatchObject({ paymentId: patient.paymentId, refundUsd: 10, reason: 'Asked within the first week' });
  });

  it('never gives back more than was paid, also over several refunds', async () => {
    const patient = await payingPatient();
    const tooMuch = await refund(patient.id, patient.paymentId, { amount: 30, reason: 'Goodwill' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe(messages.refundTooMuch('$29.99'));

    expect((await refund(patient.id, patient.paymentId, { amount: 20, reason: 'Goodwill' })).status).toBe(200);
    const past = await refund(patient.id, patient.paymentId, { amount: 10, reason: 'Goodwill' });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe(messages.refundTooMuch('$9.99'));
    expect((await refund(patient.id, patient.paymentId, { amount: 9.99, reason: 'Goodwill' })).status).toBe(200);
    expect((await refund(patient.id, patient.paymentId, { amount: 0.01, reason: 'Goodwill' })).status).toBe(400);

    const given = (await refundsOf(patient.paymentId)).filter((r) => r.status === 'succeeded');
    expect(given.reduce((sum, r) => sum - r.amountCents, 0)).toBe(2999);
  });

  it('refunds once when two admins refund the same payment at the same moment', async () => {
    const patient = await payingPatient();
    const answers = await Promise.all([
      refund(patient.id, patient.paymentId, { amount: 29.99, reason: 'Duplicate purchase' }),
      refund(patient.id, patient.paymentId, { amount: 29.99, reason: 'Duplicate purchase' }),
    ]);
    const [done, refused, ...more] = [...answers].sort((a, b) => a.status - b.status);
    expect([done!.status, more]).toEqual([200, []]);
    // The second waited for the first's lock: it finds it in flight (409) or nothing left to refund (400).
    expect([400, 409]).toContain(refused!.status);
    expect((await refundsOf(patient.paymentId)).filter((r) => r.status === 'succeeded')).toHaveLength(1);
  });

  it('answers 422 and gives nothing back when the gateway refuses the refund', async () => {
    // A card whose charges the gateway cannot refund (a card network's test card).
    const patient = await payingPatient('4000000000005126');
    const res = await refund(patient.id, patient.paymentId, { amount: 5, reason: 'Asked' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(messages.refundFailed);
    expect((await refundsOf(patient.paymentId)).map((r) => r.status)).toEqual(['failed']);
    const list = await server.http.get(`/api/admin/users/${patient.id}/payments`, (await admin()).token);
    expect((list.body as unknown as { id: string; refundable: number }[]).find((p) => p.id === patient.paymentId)!.refundable).toBe(29.99);
    expect((await mailFor(server.app, patient.body.email)).filter((m) => m.kind === 'refund')).toEqual([]);
  });

  it('refuses bad input, an unpaid payment, another user, and anyone but an admin', async () => {
    const patient = await payingPatient();
    for (const body of [{ amount: 0, reason: 'x' }, { amount: '1.001', reason: 'x' }, { amount: 5 }, { amount: 5, reason: '  ' }]) {
      expect((await refund(patient.id, patient.paymentId, body)).status).toBe(400);
    }
    const other = await payingPatient();
    expect((await refund(other.id, patient.paymentId, { amount: 1, reason: 'x' })).status).toBe(404);
    const [failed] = await server.app.ctx.db
      .insert(payments)
      .values({ userId: patient.id, planId: 'individualMonthly', kind: 'renewal', status: 'failed', amountCents: 2999, gateway: 'sandbox' })
      .returning();
    const unpaid = await refund(patient.id, failed!.id, { amount: 1, reason: 'x' });
    expect([unpaid.status, unpaid.body.message]).toEqual([400, messages.refundNotRefundable]);
    const asPatient = await server.http.post(
      `/api/admin/users/${patient.id}/payments/${patient.paymentId}/refunds`,
      { amount: 1, reason: 'x' },
      patient.token,
    );
    expect(asPatient.status).toBe(403);
    expect(await refundsOf(patient.paymentId)).toEqual([]);
  });

  it('settles a refund whose answer was never recorded by asking the gateway again under its key', async () => {
    const patient = await payingPatient();
    const id = randomUUID();
    await server.app.ctx.db.insert(payments).values({
      id,
      userId: patient.id,
      planId: 'individualMonthly',
      kind: 'refund',
      status: 'pending',
      amountCents: -500,
      gateway: 'sandbox',
      gatewayKey: `refund:${id}`,
      refundOf: patient.paymentId,
      reason: 'Asked',
    });
    await runReconciliation(server.app.ctx, { olderThanMs: 0 });
    const [row] = await refundsOf(patient.paymentId);
    expect(row).toMatchObject({ id, status: 'succeeded' });
    await waitForMail(server.app, patient.body.email, 'refund');
  });
});
