import { and, desc, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { idempotencyKeys, memberships, payments, users } from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/** Records a charge attempt before the gateway is called; null when this renewal try already exists. */
export async function insertPayment(db: Executor, payment: NewPayment): Promise<PaymentRow | null> {
  const [row] = await db.insert(payments).values(payment).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updatePayment(db: Executor, id: string, changes: Partial<NewPayment>) {
  await db.update(payments).set(changes).where(eq(payments.id, id));
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

/** Takes the idempotency key, or returns the row already there for it. */
export async function claimIdempotencyKey(db: Executor, userId: string, key: string, requestHash: string) {
  const [created] = await db.insert(idempotencyKeys).values({ userId, key, requestHash }).onConflictDoNothing().returning();
  if (created) return { created: true as const, row: created };
  const [existing] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return { created: false as const, row: existing! };
}

export async function storeIdempotentAnswer(db: Executor, userId: string, key: string, status: number, body: unknown) {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: JSON.stringify(body) })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** Deletes keys created before `before` that hold their answer; a pending key (request under way) stays. */
export async function deleteAnsweredIdempotencyKeys(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(and(lt(idempotencyKeys.createdAt, before), isNotNull(idempotencyKeys.responseStatus)))
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
