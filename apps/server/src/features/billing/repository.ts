import { and, desc, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { idempotencyKeys, memberships, payments, users } from '../../db/schema';
import type { Outcome } from '../../lib/errors';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/** Records a charge attempt before the gateway is called; null when this renewal try already exists. */
export async function insertPayment(db: Executor, payment: NewPayment): Promise<PaymentRow | null> {
  const [row] = await db.insert(payments).values(payment).onConflictDoNothing().returning();
  return row ?? null;
}

/** Settles a pending attempt; false when it was settled already (by a request or by reconciliation). */
export async function settlePayment(db: Executor, id: string, changes: Partial<NewPayment>): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ ...changes, lockedUntil: null })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/**
 * Locks the patient's row for the rest of the transaction, so that the "already active" check and
 * the in-flight attempt insert see every other instance's committed checkout.
 */
export async function lockUser(db: Executor, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return row ?? null;
}

export async function findCheckoutByClientKey(db: Executor, userId: string, clientKey: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.clientKey, clientKey), eq(payments.kind, 'checkout')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Claims pending attempts created before `olderThan` (or the one `id`), for `leaseMs`: SKIP LOCKED
 * and the lease keep every other instance off them while this one asks the gateway.
 */
export async function claimPendingPayments(db: Executor, now: Date, leaseMs: number, filter: { olderThan: Date; limit: number } | { id: string }): Promise<PaymentRow[]> {
  const which = 'id' in filter ? eq(payments.id, filter.id) : lte(payments.createdAt, filter.olderThan);
  const due = db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.status, 'pending'), which, or(isNull(payments.lockedUntil), lte(payments.lockedUntil, now))))
    .orderBy(payments.createdAt)
    .limit('id' in filter ? 1 : filter.limit)
    .for('update', { skipLocked: true });
  return db
    .update(payments)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs) })
    .where(sql`${payments.id} IN ${due}`)
    .returning();
}

/** A one-time visit ends 30 days after purchase; older rows without an end date count from their start. */
export async function expireEndedVisits(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .update(users)
    .set({ subscriptionStatus: 'expired', updatedAt: now })
    .where(
      and(
        sql`lower(${users.subscriptionPlan}) = 'onetimevisit'`,
        sql`lower(${users.subscriptionStatus}) = 'active'`,
        sql`coalesce(${users.subscriptionEndDate}, ${users.subscriptionStartDate} + interval '30 days') <= ${now}`,
      ),
    )
    .returning({ id: users.id });
  return rows.length;
}

export async function listPayments(db: Executor, userId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt));
}

export async function saveMembership(db: Executor, userId: string, changes: Partial<typeof memberships.$inferInsert>) {
  await db
    .insert(memberships)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: memberships.userId, set: { ...changes, updatedAt: sql`now()` } });
}

export async function findIdempotencyKey(db: Executor, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row ?? null;
}

/** Frees a key whose request was refused before anything happened (rate limit), so it may be used again. */
export async function releaseIdempotencyKey(db: Executor, userId: string, key: string) {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.responseOutcome)));
}

/** Takes over an unanswered key whose request died before recording any attempt; true when this caller won it. */
export async function takeOverIdempotencyKey(db: Executor, userId: string, key: string, staleBefore: Date): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ createdAt: new Date() })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.responseOutcome), lt(idempotencyKeys.createdAt, staleBefore)))
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

/** Takes the idempotency key, or returns the row already there for it. */
export async function claimIdempotencyKey(db: Executor, userId: string, key: string, requestHash: string) {
  const [created] = await db.insert(idempotencyKeys).values({ userId, key, requestHash }).onConflictDoNothing().returning();
  if (created) return { created: true as const, row: created };
  return { created: false as const, row: (await findIdempotencyKey(db, userId, key))! };
}

export async function storeIdempotentAnswer(db: Executor, userId: string, key: string, outcome: Outcome, body: unknown) {
  await db
    .update(idempotencyKeys)
    .set({ responseOutcome: outcome, responseBody: JSON.stringify(body) })
    // The first recorded answer is the answer.
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.responseOutcome)));
}

/** Deletes keys created before `before` that hold their answer; a pending key (request under way) stays. */
export async function deleteAnsweredIdempotencyKeys(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(and(lt(idempotencyKeys.createdAt, before), isNotNull(idempotencyKeys.responseOutcome)))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}

export interface DueMembership {
  userId: string;
  gatewayToken: string | null;
  failedRenewals: number;
  email: string;
  firstName: string;
  plan: string | null;
  status: string | null;
  periodStart: Date | null;
}

/**
 * Claims up to `limit` memberships whose charge is due, for `leaseMs`. SKIP LOCKED and the lease
 * keep two job instances off the same membership.
 */
export async function claimDueMemberships(db: Executor, now: Date, limit: number, leaseMs: number): Promise<DueMembership[]> {
  const due = db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(lte(memberships.nextChargeAt, now), or(isNull(memberships.lockedUntil), lte(memberships.lockedUntil, now))))
    .orderBy(memberships.nextChargeAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(memberships)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs) })
    .where(sql`${memberships.userId} IN ${due}`)
    .returning({ userId: memberships.userId, gatewayToken: memberships.gatewayToken, failedRenewals: memberships.failedRenewals });
  if (claimed.length === 0) return [];
  const people = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      plan: users.subscriptionPlan,
      status: users.subscriptionStatus,
      periodStart: users.nextSubscriptionRenewDate,
    })
    .from(users)
    .where(sql`${users.id} IN ${claimed.map((c) => c.userId)}`);
  const byId = new Map(people.map((p) => [p.userId, p]));
  return claimed.flatMap((c) => {
    const person = byId.get(c.userId);
    return person ? [{ ...c, ...person }] : [];
  });
}
