import { randomUUID } from 'node:crypto';
import { addDays, formatCentralDate, messages } from '@app/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../../db/schema';
import {
  adminEnv,
  checkoutBody,
  insertVisitRow,
  mailFor,
  signedInAdmin,
  signedInClinician,
  signedInPatient,
  useTestApp,
  waitForMail,
} from '../../test/harness';
import { readPdf } from '../../test/pdf-text';
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
