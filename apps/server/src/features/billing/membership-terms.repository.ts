import type { MonthlyPlanId } from '@app/shared';
import { desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { memberships, purchaseConsents, users } from '../../db/schema';

/** A member's cancellation and scheduled plan change, as stored. */
export interface StoredTerms {
  cancelAt: Date | null;
  scheduledPlan: MonthlyPlanId | null;
  cancelledAt: Date | null;
  method: string | null;
  reason: string | null;
}

export async function findMembershipTerms(db: Executor, userId: string): Promise<StoredTerms | null> {
  const [row] = await db
    .select({
      cancelAt: memberships.cancelAt,
      scheduledPlan: memberships.scheduledPlan,
      cancelledAt: users.subscriptionCancelledDate,
      method: users.subscriptionMethodOfCancelling,
      reason: users.subscriptionCancellationReason,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.userId, userId));
  return row ?? null;
}

/**
 * Records a cancellation: who asked and why on the member, its end on the membership (which, without
 * a membership row or a next charge, is created or scheduled for that end, so the renewal job ends it).
 * A scheduled plan change goes with it: nothing is renewed on it any more.
 */
export async function saveCancellation(
  tx: Executor,
  userId: string,
  c: { cancelAt: Date; cancelledAt: Date; method: string; reason: string | null },
) {
  await tx
    .update(users)
    .set({
      subscriptionCancelledDate: c.cancelledAt,
      subscriptionMethodOfCancelling: c.method,
      subscriptionCancellationReason: c.reason,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  await tx
    .insert(memberships)
    .values({ userId, cancelAt: c.cancelAt, nextChargeAt: c.cancelAt })
    .onConflictDoUpdate({
      target: memberships.userId,
      set: {
        cancelAt: c.cancelAt,
        scheduledPlan: null,
        nextChargeAt: sql`coalesce(${memberships.nextChargeAt}, ${c.cancelAt.toISOString()}::timestamptz)`,
        updatedAt: sql`now()`,
      },
    });
}

/** Undoes a cancellation that has not taken effect: renewals go on as before. */
export async function clearCancellation(tx: Executor, userId: string) {
  await tx
    .update(users)
    .set({
      subscriptionCancelledDate: null,
      subscriptionMethodOfCancelling: null,
      subscriptionCancellationReason: null,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  await tx
    .update(memberships)
    .set({ cancelAt: null, updatedAt: sql`now()` })
    .where(eq(memberships.userId, userId));
}

/** Sets (or, with null, clears) the plan the next renewal moves the member to. */
export async function saveScheduledPlan(tx: Executor, userId: string, plan: MonthlyPlanId | null) {
  await tx
    .update(memberships)
    .set({ scheduledPlan: plan, updatedAt: sql`now()` })
    .where(eq(memberships.userId, userId));
}

export type NewConsent = Omit<typeof purchaseConsents.$inferInsert, 'id'>;

export async function insertConsent(tx: Executor, consent: NewConsent) {
  await tx.insert(purchaseConsents).values(consent);
}

export async function listConsents(db: Executor, userId: string) {
  return db.select().from(purchaseConsents).where(eq(purchaseConsents.userId, userId)).orderBy(desc(purchaseConsents.agreedAt));
}

/** Who is reminded of their membership's terms: a yearly letter's addressee and what it says. */
export interface ReminderDue {
  userId: string;
  email: string;
  firstName: string;
  plan: MonthlyPlanId;
}

/**
 * Marks up to `limit` active monthly members as reminded when a year has passed since their last
 * reminder (or, never reminded, since they joined), and returns them: one statement, SKIP LOCKED, so
 * each member is reminded once a year however many instances run it. Run it in the transaction that
 * queues the letters, so a crash sends none and marks none.
 */
export async function markRemindersDue(tx: Executor, now: Date, limit: number): Promise<ReminderDue[]> {
  return queryRows<ReminderDue>(
    tx,
    sql`WITH due AS (
        SELECT m.user_id FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE u.subscription_status = 'active' AND u.subscription_plan IN ('individualMonthly', 'familyMonthly')
          AND coalesce(m.reminded_at, u.subscription_start_date) <= ${now.toISOString()}::timestamptz - interval '1 year'
        LIMIT ${limit}
        FOR UPDATE OF m SKIP LOCKED
      ), marked AS (
        UPDATE memberships SET reminded_at = ${now.toISOString()}::timestamptz FROM due WHERE memberships.user_id = due.user_id
        RETURNING memberships.user_id
      )
      SELECT u.id AS "userId", u.email, u.first_name AS "firstName", u.subscription_plan AS plan
      FROM marked JOIN users u ON u.id = marked.user_id`,
  );
}
