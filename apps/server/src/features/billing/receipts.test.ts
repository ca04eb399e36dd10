import { randomUUID } from 'node:crypto';
import { addDays, formatCentralDate, messages, visitPaymentSchema } from '@app/shared';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys, payments, sandboxGatewayCharges } from '../../db/schema';
import {
  adminEnv,
  cardPaymentBody,
  checkoutBody,
  eventually,
  insertVisitRow,
  mailFor,
  signedInAdmin,
  signedInClinician,
  signedInMember,
  signedInPatient,
  useTestApp,
  visitRequestBody,
  waitForMail,
  insertChargedPendingVisitPayment,
} from '../../test/harness';
import { readPdf } from '../../test/pdf-text';
import { runReconciliation } from '.';
import { fingerprint } from './checkout.service';
import { mailAttachments, receiptNumber } from './receipts.service';

const company = {
  COMPANY_LEGAL_NAME: 'Receipt Test Health, LLC',
  COMPANY_ADDRESS: '1 Test Plaza, Clayton, MO 63105',
  COMPANY_TAX_ID: '12-3456789',
};
const server = useTestApp({ ...adminEnv, ...company });

/** A patient who bought Individual Monthly ($29.99) through the checkout with 4242…; answers the payment's row too. */
async function payingPatient() {
  const patient = await signedInPatient(server.app, { firstName: 'Avery', lastName: 'Stone' });
  const id = patient.user.id as string;
  const paid = await server.http.put(`/api/users/${id}/subscription`, checkoutBody(), patient.token, { 'idempotency-key': randomUUID() });
  expect(paid.status).toBe(200);
  const [payment] = await server.app.ctx.db.select().from(payments).where(eq(payments.userId, id));
  return { ...patient, id, payment: payment! };
}

const download = (url: string, token?: string) =>
  server.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
const receiptUrl = (paymentId: string) => `/api/users/me/payments/${paymentId}/receipt.pdf`;

describe('GET /api/users/me/payments/{paymentId}/receipt.pdf', () => {
  it('is a PDF with what an HSA or FSA administrator asks for, downloaded and never cached', async () => {
    const { token, payment } = await payingPatient();
    const res = await download(receiptUrl(payment.id), token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${receiptNumber(payment.id)}.pdf"`);
    const { text } = readPdf(res.rawPayload);
    for (const expected of [
      'Receipt Test Health, LLC',
      '1 Test Plaza, Clayton, MO 63105',
      'Tax ID (EIN): 12-3456789',
      receiptNumber(payment.id),
      formatCentralDate(payment.createdAt),
      'Avery Stone',
      'Individual Monthly membership',
      `${formatCentralDate(payment.createdAt)} to ${formatCentralDate(addDays(payment.createdAt, 30))}`,
      '$29.99',
      'Visa ending in 4242',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("names a visit's clinician with their NPI", async () => {
    const { id, token } = await payingPatient();
    const { clinician } = await signedInClinician(server.app, { firstName: 'Grace', lastName: 'Hopper', credentials: 'MD' });
    const [visitPayment] = await server.app.ctx.db
      .insert(payments)
      .values({
        userId: id,
        planId: 'urgent-care',
        kind: 'visit',
        status: 'succeeded',
        amountCents: 4900,
        gateway: 'sandbox',
        gatewayReference: 'sbx_ch_visit',
        cardBrand: 'Visa',
        cardLast4: '4242',
      })
      .returning();
    await insertVisitRow(server.app, id, {
      status: 'completed',
      coverage: 'paid',
      paymentId: visitPayment!.id,
      clinicianId: clinician.userId,
    });
    const { text } = readPdf((await download(receiptUrl(visitPayment!.id), token)).rawPayload);
    expect(text).toContain('Urgent care visit');
    expect(text).toContain(`Dr. Grace Hopper, MD · NPI ${clinician.npi}`);
    expect(text).toContain('$49.00');
  });

  it('is for the payer and admins only, and for payments that went through', async () => {
    const { id, token, payment } = await payingPatient();
    const other = await signedInPatient(server.app);
    expect((await download(receiptUrl(payment.id), other.token)).statusCode).toBe(404);
    expect((await download(receiptUrl(payment.id))).statusCode).toBe(401);
    const [failed] = await server.app.ctx.db
      .insert(payments)
      .values({ userId: id, planId: 'individualMonthly', kind: 'renewal', status: 'failed', amountCents: 2999, gateway: 'sandbox' })
      .returning();
    const unpaid = await download(receiptUrl(failed!.id), token);
    expect([unpaid.statusCode, unpaid.json<{ message: string }>().message]).toEqual([404, messages.receiptNotFound]);

    const asAdmin = await download(`/api/admin/users/${id}/payments/${payment.id}/receipt.pdf`, (await signedInAdmin(server.app)).token);
    expect(asAdmin.statusCode).toBe(200);
    expect(readPdf(asAdmin.rawPayload).text).toContain(receiptNumber(payment.id));
    expect((await download(`/api/admin/users/${id}/payments/${payment.id}/receipt.pdf`, token)).statusCode).toBe(403);
  });

  it('goes with the receipt e-mail as its attachment', async () => {
    const { body, payment } = await payingPatient();
    await waitForMail(server.app, body.email, 'receipt');
    const [mail] = (await mailFor(server.app, body.email)).filter((m) => m.kind === 'receipt');
    const [attachment, ...more] = await mailAttachments(server.app.ctx, mail!.letter!);
    expect(more).toEqual([]);
    expect(attachment).toMatchObject({ filename: `receipt-${receiptNumber(payment.id)}.pdf`, contentType: 'application/pdf' });
    expect(readPdf(attachment!.content).text).toContain('Individual Monthly membership');
  });
});

describe('GET /api/users/me/statement.pdf', () => {
  it("lists a year's payments, refunds included, and their total", async () => {
    const { id, token, payment } = await payingPatient();
    const refunded = await server.http.post(
      `/api/admin/users/${id}/payments/${payment.id}/refunds`,
      { amount: 9.99, reason: 'Goodwill' },
      (await signedInAdmin(server.app)).token,
    );
    expect(refunded.status).toBe(200);
    const year = Number(formatCentralDate(payment.createdAt).slice(-4));
    const res = await download(`/api/users/me/statement.pdf?year=${year}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="statement-${year}.pdf"`);
    const { text } = readPdf(res.rawPayload);
    expect(text).toContain(`Payments in ${year}`);
    expect(text).toContain(`Refund of receipt ${receiptNumber(payment.id)}`);
    expect(text).toContain('-$9.99');
    expect(text).toContain('Total paid');
    expect(text).toContain('$20.00');

    const empty = await download(`/api/users/me/statement.pdf?year=2001`, token);
    expect([empty.statusCode, empty.json<{ message: string }>().message]).toEqual([404, messages.statementEmpty]);
    expect((await download(`/api/users/me/statement.pdf?year=1999`, token)).statusCode).toBe(400);
    expect((await download(`/api/users/me/statement.pdf?year=abc`, token)).statusCode).toBe(400);
  });
});

describe('the receipt e-mail of a visit paid for by itself', () => {
  /** A clinician licensed in Missouri, where the requests are made from, exists for the block's requests. */
  const licensed = (() => {
    let made: ReturnType<typeof signedInClinician> | undefined;
    return () => (made ??= signedInClinician(server.app, { states: ['MO'] }));
  })();
  const patient = async () => {
    await licensed();
    const p = await signedInPatient(server.app, { firstName: 'Avery', lastName: 'Stone' });
    return { ...p, id: p.user.id as string, email: p.body.email };
  };
  const requestVisit = (token: string, body: unknown, key: string = randomUUID()) =>
    server.http.post('/api/visits', body, token, { 'idempotency-key': key });
  const receipts = async (email: string) => (await mailFor(server.app, email)).filter((m) => m.kind === 'receipt');
  const ledger = (userId: string) => server.app.ctx.db.select().from(payments).where(eq(payments.userId, userId));
  const symptoms = visitRequestBody().symptoms as string;

  it('is mailed once when the visit is paid, with the receipt attached, and says nothing of what the visit is about', async () => {
    const { token, id, email } = await patient();
    const res = await requestVisit(token, visitRequestBody({ service: 'womens-health', payment: cardPaymentBody() }));
    expect(res.status).toBe(201);
    const [payment] = await ledger(id);

    await waitForMail(server.app, email, 'receipt');
    const [mail, ...more] = await receipts(email);
    expect(more).toEqual([]);
    // The subject is shown in previews and kept unsealed: it names no service.
    expect(mail!.subject).toBe(`Your ${server.app.ctx.config.brand.name} receipt for a visit`);
    for (const expected of ["Women's health visit", '$65.00', formatCentralDate(payment!.createdAt), 'Visa ending 4242', 'NPI'])
      expect(mail!.text).toContain(expected);
    for (const part of [mail!.subject, mail!.text, mail!.html]) expect(part).not.toContain(symptoms);

    const [attachment, ...others] = await mailAttachments(server.app.ctx, mail!.letter!);
    expect(others).toEqual([]);
    expect(attachment).toMatchObject({ filename: `receipt-${receiptNumber(payment!.id)}.pdf`, contentType: 'application/pdf' });
    const { text } = readPdf(attachment!.content);
    for (const expected of ['Avery Stone', "Women's health visit", '$65.00', messages.receiptPdf.noClinicianYet, 'Visa ending in 4242'])
      expect(text).toContain(expected);
    expect(text).not.toContain(symptoms);
  });

  it('is mailed once for a double submit, and a replay of its key mails nothing more', async () => {
    const { token, id, email } = await patient();
    const key = randomUUID();
    const body = visitRequestBody({ payment: cardPaymentBody() });
    const answers = await Promise.all([requestVisit(token, body, key), requestVisit(token, body, key)]);
    expect(answers.map((a) => a.status)).toContain(201);
    expect((await requestVisit(token, body, key)).status).toBe(409);
    expect(await ledger(id)).toHaveLength(1);
    expect(await receipts(email)).toHaveLength(1);
  });

  it('is mailed once when a request died after the charge and its replay and two reconciliations settle it at once', async () => {
    const { token, id, email } = await patient();
    const key = randomUUID();
    const gatewayKey = `checkout:${id}:${key}`;
    const body = visitRequestBody({ payment: cardPaymentBody() });
    const died = new Date(Date.now() - 120_000);
    // The request that died: its key taken, its attempt pending in the ledger, the card charged.
    await server.app.ctx.db.insert(idempotencyKeys).values({
      userId: id,
      key,
      requestHash: fingerprint({ service: 'urgent-care', ...visitPaymentSchema.parse(body.payment) }),
      createdAt: died,
    });
    const attempt = await insertChargedPendingVisitPayment(server.app, { userId: id, gatewayKey, clientKey: key, createdAt: died });

    const [replay] = await Promise.all([
      requestVisit(token, body, key),
      runReconciliation(server.app.ctx),
      runReconciliation(server.app.ctx),
    ]);
    expect(replay.status).toBe(201);
    expect(await runReconciliation(server.app.ctx)).toBe(0);
    expect((await ledger(id)).map((p) => [p.id, p.status])).toEqual([[attempt.id, 'succeeded']]);
    const charges = await server.app.ctx.db
      .select()
      .from(sandboxGatewayCharges)
      .where(like(sandboxGatewayCharges.idempotencyKey, `checkout:${id}:%`));
    expect(charges).toHaveLength(1);
    const [mail, ...more] = await receipts(email);
    expect(more).toEqual([]);
    expect(mail!.letter!.attachment).toEqual({ receiptOf: attempt.id });
  });

  it('is not sent for a visit a membership covers, nor for one paid with an earlier payment of a cancelled visit', async () => {
    await licensed();
    const member = await signedInMember(server.app);
    expect((await requestVisit(member.token, visitRequestBody({ payment: cardPaymentBody() }))).status).toBe(201);
    expect(await receipts(member.body.email)).toEqual([]);

    const { token, id, email } = await patient();
    const first = await requestVisit(token, visitRequestBody({ payment: cardPaymentBody() }));
    expect((await server.http.post(`/api/visits/${(first.body.visit as { id: string }).id}/cancel`, {}, token)).status).toBe(200);
    expect((await requestVisit(token, visitRequestBody({ payment: cardPaymentBody() }))).status).toBe(201);
    expect(await ledger(id)).toHaveLength(1);
    expect(await receipts(email)).toHaveLength(1);
  });
});

describe("a paid visit's receipt when reconciliation settles the payment while its request still waits for the gateway", () => {
  const slow = useTestApp({ ...adminEnv, SANDBOX_GATEWAY_LATENCY_MS: '1500' });

  it('is mailed once, by whichever settles first', async () => {
    await signedInClinician(slow.app, { states: ['MO'] });
    const { token, user, body } = await signedInPatient(slow.app);
    const id = user.id as string;
    const request = slow.http.post('/api/visits', visitRequestBody({ payment: cardPaymentBody() }), token, {
      'idempotency-key': randomUUID(),
    });
    await eventually('the gateway to record the charge', async () => {
      const [charge] = await slow.app.ctx.db
        .select()
        .from(sandboxGatewayCharges)
        .where(like(sandboxGatewayCharges.idempotencyKey, `checkout:${id}:%`));
      return charge;
    });
    expect(await runReconciliation(slow.app.ctx, { olderThanMs: 0 })).toBe(1);
    expect((await request).status).toBe(201);
    expect((await mailFor(slow.app, body.email)).filter((m) => m.kind === 'receipt')).toHaveLength(1);
  });
});
