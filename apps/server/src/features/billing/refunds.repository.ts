import { eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { payments } from '../../db/schema';
import type { PaymentRow } from './repository';

/** A payment as refunding it needs it, with what its refunds took (given back, or in flight). */
export interface RefundablePayment {
  id: string;
  kind: string;
  status: string;
  planId: string;
  amountCents: number;
  gatewayReference: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  /** Given back or being given back, in cents (positive). */
  refundedCents: number;
  refundInFlight: boolean;
}

/**
 * The patient's payment, locked until the transaction ends, with its refunds so far; null when it is
 * not theirs. Two refunds of one payment take turns here, on every instance, so neither reads what
 * is left before the other's row is written. Lock the patient's row first (the order checkouts take).
 */
export async function lockPaymentForRefund(tx: Executor, userId: string, paymentId: string): Promise<RefundablePayment | null> {
  const [row] = await queryRows<RefundablePayment>(
    tx,
    sql`SELECT p.id, p.kind, p.status, p.plan_id AS "planId", p.amount_cents AS "amountCents", p.gateway_reference AS "gatewayReference",
        p.card_brand AS "cardBrand", p.card_last4 AS "cardLast4",
        (SELECT coalesce(-sum(r.amount_cents), 0) FROM payments r WHERE r.refund_of = p.id AND r.status IN ('succeeded', 'pending'))::int AS "refundedCents",
        EXISTS (SELECT 1 FROM payments r WHERE r.refund_of = p.id AND r.status = 'pending') AS "refundInFlight"
      FROM payments p WHERE p.id = ${paymentId} AND p.user_id = ${userId}
      FOR UPDATE OF p`,
  );
  return row ?? null;
}

/** A refund as it is recorded before the gateway is asked. */
export interface NewRefund {
  id: string;
  userId: string;
  planId: string;
  /** Cents given back, positive: the ledger keeps it negative. */
  refundCents: number;
  gateway: string;
  refundOf: string;
  reason: string;
  cardBrand: string | null;
  cardLast4: string | null;
}

/** Records a pending refund, keyed at the gateway by its own id. */
export async function insertRefund(tx: Executor, refund: NewRefund) {
  await tx.insert(payments).values({
    id: refund.id,
    userId: refund.userId,
    planId: refund.planId,
    kind: 'refund',
    status: 'pending',
    amountCents: -refund.refundCents,
    gateway: refund.gateway,
    gatewayKey: refundKey(refund.id),
    refundOf: refund.refundOf,
    reason: refund.reason,
    cardBrand: refund.cardBrand,
    cardLast4: refund.cardLast4,
  });
}

/** The idempotency key a refund is asked of the gateway with: asking again answers the same. */
export const refundKey = (refundId: string) => `refund:${refundId}`;

export async function findPaymentById(db: Executor, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row ?? null;
}
