import { randomUUID } from 'node:crypto';
import {
  formatCentralDate,
  formatUsd,
  fromMinorUnits,
  messages,
  toCentralIso,
  toMinorUnits,
  type AdminPayment,
  type RefundRequest,
} from '@app/shared';
import type { Database } from '../../db/client';
import { conflict, DomainError, invalid, invalidField, notFound } from '../../lib/errors';
import type { Log } from '../../lib/logging';
import { enqueueMails, type MailTemplates } from '../mail';
import { findUserById, lockUser } from '../users';
import type { PaymentGateway, RefundResult } from './gateway';
import { purchaseTitle } from './membership.service';
import { receiptNumber } from './receipts.service';
import { findPaymentById, insertRefund, lockPaymentForRefund, refundKey } from './refunds.repository';
import { listPayments, settlePayments, type PaymentRow } from './repository';

/** What refunds use: the ledger, the gateway, the patient's e-mail and a log. */
export interface RefundDeps {
  db: Database;
  gateway: PaymentGateway;
  templates: MailTemplates;
  log: Log;
}

/** Seconds after which a refund refused because another is in flight may be asked again. */
const REFUND_IN_FLIGHT_RETRY_S = 5;

/** What is left to give back of each paid payment: its amount less its refunds, settled or in flight. */
function refundableCents(rows: readonly PaymentRow[]): Map<string, number> {
  const left = new Map<string, number>();
  for (const row of rows)
    if (row.kind !== 'refund' && row.status === 'succeeded' && row.gatewayReference) left.set(row.id, row.amountCents);
  for (const row of rows)
    if (row.refundOf && (row.status === 'succeeded' || row.status === 'pending') && left.has(row.refundOf))
      left.set(row.refundOf, left.get(row.refundOf)! + row.amountCents);
  return left;
}

/** A user's ledger as an admin refunds from it, newest first; `refundable` is what is left to give back, in dollars. */
export async function adminPayments(db: Database, userId: string): Promise<AdminPayment[]> {
  const rows = await listPayments(db, userId);
  const left = refundableCents(rows);
  return rows.map((row) => ({
    id: row.id,
    date: toCentralIso(row.createdAt),
    planName: purchaseTitle(row.planId),
    kind: row.kind,
    status: row.status,
    amount: fromMinorUnits(row.amountCents),
    refundable: fromMinorUnits(left.get(row.id) ?? 0),
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
  }));
}

/**
 * An admin gives back all or part of a user's paid payment, with a reason. The refund is in the ledger
 * (pending, under the payment's lock) before the gateway is asked, so two admins at once refund it
 * once: the second is refused while the first is in flight, and no refund exceeds what is left. The
 * gateway's answer settles it; a refund given back is e-mailed to the patient. Answers the payment as
 * the admin's list shows it now.
 */
export async function refundPayment(ctx: RefundDeps, userId: string, paymentId: string, request: RefundRequest) {
  const refundCents = toMinorUnits(request.amount);
  const refundId = randomUUID();
  const { payment, user } = await ctx.db.transaction(async (tx) => {
    // The patient first, as checkouts lock them before their payments, so the two never deadlock.
    const user = await lockUser(tx, userId);
    const payment = user && (await lockPaymentForRefund(tx, userId, paymentId));
    if (!user || !payment) throw notFound(messages.receiptNotFound);
    if (payment.kind === 'refund' || payment.status !== 'succeeded' || !payment.gatewayReference)
      throw invalid(messages.refundNotRefundable);
    if (payment.refundInFlight) throw conflict(messages.refundInFlight, REFUND_IN_FLIGHT_RETRY_S);
    const left = payment.amountCents - payment.refundedCents;
    if (refundCents > left) throw invalidField('amount', messages.refundTooMuch(formatUsd(left)));
    await insertRefund(tx, {
      id: refundId,
      userId,
      planId: payment.planId,
      refundCents,
      gateway: ctx.gateway.name,
      refundOf: payment.id,
      reason: request.reason,
      cardBrand: payment.cardBrand,
      cardLast4: payment.cardLast4,
    });
    return { payment, user };
  });

  let result: RefundResult;
  try {
    result = await ctx.gateway.refund({
      chargeReference: payment.gatewayReference!,
      amountCents: refundCents,
      currency: 'USD',
      idempotencyKey: refundKey(refundId),
    });
  } catch (error) {
    // Unknown outcome: the refund stays pending, and reconciliation asks the gateway again under its key.
    ctx.log.error({ err: error, paymentId: refundId }, 'refund gateway call failed');
    throw new DomainError('upstream-failed', messages.paymentUnavailable);
  }
  await settleRefund(ctx, { id: refundId, userId, refundOf: payment.id, amountCents: -refundCents, createdAt: new Date() }, result, user);
  const [refunded] = (await adminPayments(ctx.db, userId)).filter((row) => row.id === payment.id);
  if (!result.ok) throw new DomainError('unprocessable', messages.refundFailed);
  return { message: messages.refundDone(formatUsd(refundCents)), payment: refunded! };
}

type SettlingRefund = Pick<PaymentRow, 'id' | 'userId' | 'refundOf' | 'amountCents' | 'createdAt'>;

/** Records the gateway's answer for a pending refund, once, and e-mails the patient a refund given back. */
async function settleRefund(ctx: RefundDeps, refund: SettlingRefund, result: RefundResult, patient: { email: string; firstName: string }) {
  await ctx.db.transaction(async (tx) => {
    const settled = await settlePayments(tx, [
      {
        id: refund.id,
        status: result.ok ? 'succeeded' : 'failed',
        gatewayReference: result.ok ? result.reference : null,
        failureCode: result.ok ? null : result.code,
      },
    ]);
    if (!settled.has(refund.id) || !result.ok) return;
    const original = (await findPaymentById(tx, refund.refundOf!))!;
    await enqueueMails(tx, [
      ctx.templates.refundIssued(patient.email, patient.firstName, {
        amount: formatUsd(-refund.amountCents),
        bought: purchaseTitle(original.planId),
        paidOn: formatCentralDate(original.createdAt),
        receipt: receiptNumber(original.id),
        card: original.cardLast4 ? `${original.cardBrand ?? 'card'} ending ${original.cardLast4}` : 'the card it was paid with',
      }),
    ]);
  });
}

/** Settles a refund whose answer was never recorded: the gateway is asked again under the refund's key, which answers the same. */
export async function settleClaimedRefund(ctx: RefundDeps, refund: PaymentRow) {
  // The payment and the patient outlive their refunds (a refund is deleted with them).
  const [original, patient] = await Promise.all([findPaymentById(ctx.db, refund.refundOf!), findUserById(ctx.db, refund.userId)]);
  const result = await ctx.gateway.refund({
    // A refund is recorded only for a payment the gateway charged, which has its reference.
    chargeReference: original!.gatewayReference!,
    amountCents: -refund.amountCents,
    currency: 'USD',
    idempotencyKey: refund.gatewayKey ?? refundKey(refund.id),
  });
  await settleRefund(ctx, refund, result, patient!);
}
