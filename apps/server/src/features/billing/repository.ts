import type { MonthlyPlanId, PlanId, SubscriptionStatus } from '@app/shared';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import { assignments, queryRows, type Executor } from '../../db/client';
import { idempotencyKeys, memberships, payments, users, visits } from '../../db/schema';
import { membershipTerm } from '../../db/sql-constants';
import { atOrBefore } from '../../db/time';
import type { Outcome } from '../../lib/errors';
import { outboxInsert, type OutboxSchedule, type OutgoingMail } from '../mail';
import type { NewUser } from '../users';

export type PaymentRow = typeof payments.$inferSelect;
type NewPayment = typeof payments.$inferInsert;

/** What a checkout checks of the patient before it records an attempt. */
export interface Payer {
  verified: boolean;
  subscriptionStatus: SubscriptionStatus | null;
  subscriptionPlan: PlanId | null;
}

/** The payer's columns, named as `Payer` names them, for the statements that read them. */
const payerColumns = sql.raw('verified, subscription_status AS "subscriptionStatus", subscription_plan AS "subscriptionPlan"');

export async function findPayer(db: Executor, userId: string): Promise<Payer | null> {
  const [row] = await queryRows<Payer>(db, sql`SELECT ${payerColumns} FROM users WHERE id = ${userId}`);
  return row ?? null;
}

/** A checkout attempt as it is recorded before the gateway is called. */
export type NewCheckoutAttempt = Required<
  Pick<NewPayment, 'userId' | 'planId' | 'amountCents' | 'gateway' | 'cardLast4' | 'gatewayKey' | 'clientKey' | 'details'>
> & { kind: PurchaseKind };
/** The ledger kinds of a purchase a patient makes at a checkout: a membership, or one visit. */
type PurchaseKind = 'checkout' | 'visit';

/**
 * Records a pending checkout attempt in one statement, only while the patient's membership is still
 * `seen` (what the caller checked) and no other checkout of theirs is pending: the patient's row is
 * locked first, so a purchase settling meanwhile is waited for and its new state seen, on every
 * instance. Null when the membership changed or another purchase is in flight.
 */
export async function insertCheckoutAttempt(
  db: Executor,
  attempt: NewCheckoutAttempt,
  seen: Pick<Payer, 'subscriptionStatus' | 'subscriptionPlan'>,
): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`WITH payer AS (
        SELECT id FROM users
        WHERE id = ${attempt.userId} AND subscription_status IS NOT DISTINCT FROM ${seen.subscriptionStatus}::text
          AND subscription_plan IS NOT DISTINCT FROM ${seen.subscriptionPlan}::text
        FOR UPDATE
      )
      INSERT INTO payments (user_id, plan_id, kind, status, amount_cents, gateway, card_last4, gateway_key, client_key, details)
      SELECT payer.id, ${attempt.planId}::text, ${attempt.kind}::text, 'pending', ${attempt.amountCents}::integer, ${attempt.gateway}::text,
        ${attempt.cardLast4}::text, ${attempt.gatewayKey}::text, ${attempt.clientKey}::text, ${sql.param(attempt.details, payments.details)}
      FROM payer
      ON CONFLICT DO NOTHING
      RETURNING id`,
  );
  return row?.id ?? null;
}

/** What settling a checkout attempt records, all of it or nothing. */
export interface CheckoutSettlement {
  userId: string;
  paymentId: string;
  payment: Pick<NewPayment, 'status' | 'failureCode' | 'gatewayReference' | 'cardBrand' | 'cardLast4'>;
  /** The answer for the Idempotency-Key the attempt was made with (none for an attempt recorded without one). */
  answer: { key: string; outcome: Outcome; body: unknown } | null;
  /** A paid membership: the patient's new membership, and what renewals need. */
  membership?: { user: Partial<NewUser>; gatewayToken: string; nextChargeAt: Date | null };
  /** A paid purchase's receipt, queued as `schedule` says. */
  receipt?: { mail: OutgoingMail; schedule: OutboxSchedule };
}

/**
 * Settles a pending attempt and records what follows from it in one statement: every other part
 * runs only when the attempt was still pending. False when it was settled already (by a request or
 * by reconciliation); otherwise the receipt's outbox id, if it was paid. Run it in the transaction
 * that locked the patient's row first (the order recording an attempt takes), so the two never deadlock.
 */
export async function recordCheckoutSettlement(
  tx: Executor,
  s: CheckoutSettlement,
): Promise<{ settled: false } | { settled: true; receiptId: string | null }> {
  const stillPending = sql`EXISTS (SELECT 1 FROM settled)`;
  const answer = s.answer
    ? sql`, answer AS (UPDATE idempotency_keys SET ${assignments(idempotencyKeys, { responseOutcome: s.answer.outcome, responseBody: JSON.stringify(s.answer.body) })}
        -- The first recorded answer is the answer.
        WHERE user_id = ${s.userId} AND key = ${s.answer.key} AND response_outcome IS NULL AND ${stillPending})`
    : sql``;
  const membership = s.membership
    ? sql`, saved AS (UPDATE users SET ${assignments(users, { ...s.membership.user, updatedAt: sql`now()` })} WHERE id = ${s.userId} AND ${stillPending}),
        membership AS (INSERT INTO memberships (user_id, gateway_token, next_charge_at, failed_renewals, locked_until)
          SELECT ${s.userId}::uuid, ${s.membership.gatewayToken}::text, ${s.membership.nextChargeAt?.toISOString() ?? null}::timestamptz, 0, NULL FROM settled
          ON CONFLICT (user_id) DO UPDATE SET gateway_token = excluded.gateway_token, next_charge_at = excluded.next_charge_at,
            failed_renewals = 0, locked_until = NULL, cancel_at = NULL, scheduled_plan = NULL, updated_at = now())`
    : sql``;
  const receipt = s.receipt ? sql`, receipt AS (${outboxInsert([s.receipt.mail], s.receipt.schedule, stillPending)})` : sql``;
  const [row] = await queryRows<{ settled: boolean; receipt_id: string | null }>(
    tx,
    sql`WITH settled AS (UPDATE payments SET ${assignments(payments, { ...s.payment, lockedUntil: null })} WHERE id = ${s.paymentId} AND status = 'pending' RETURNING id)${answer}${membership}${receipt}
      SELECT ${stillPending} AS settled, ${s.receipt ? sql`(SELECT id FROM receipt)` : sql`NULL::uuid`} AS receipt_id`,
  );
  return row!.settled ? { settled: true, receiptId: row!.receipt_id } : { settled: false };
}

/** A renewal batch's people, locked in id order (so two transactions locking several never deadlock), with what a renewal changes. */
export async function lockRenewingUsers(db: Executor, userIds: string[]) {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      cardBrand: users.cardBrand,
      cardLast4: users.cardLast4,
      subscriptionStatus: users.subscriptionStatus,
      subscriptionPlan: users.subscriptionPlan,
      subscriptionAmountCents: users.subscriptionAmountCents,
      nextSubscriptionRenewDate: users.nextSubscriptionRenewDate,
      subscriptionEndDate: users.subscriptionEndDate,
      scheduledPlan: memberships.scheduledPlan,
    })
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .where(sql`${users.id} = ANY(${columnArray(userIds, 'uuid')})`)
    .orderBy(asc(users.id))
    .for('update', { of: users });
}

/**
 * One array parameter per column, for `unnest`: a batch statement has a few parameters however many
 * rows it carries (instants as ISO strings, which both drivers pass unchanged).
 */
function columnArray(values: readonly unknown[], type: string): SQL {
  return sql`${sql.param(values.map((value) => (value instanceof Date ? value.toISOString() : value)))}::${sql.raw(type)}[]`;
}

/** A renewal try as the ledger records it before the gateway is called. */
export interface RenewalTry {
  userId: string;
  planId: string;
  amountCents: number;
  gateway: string;
  periodStart: Date;
  attempt: number;
  gatewayKey: string;
}

/** What the renewal job needs of a recorded try to settle it (a ledger row has all of it). */
export type RecordedTry = RenewalTry & { id: string };

/** Records many renewal tries as pending in one statement; a try already in the ledger is left out of the answer. */
export async function insertRenewalTries(db: Executor, tries: readonly RenewalTry[]): Promise<RecordedTry[]> {
  if (tries.length === 0) return [];
  const rows = await queryRows<Omit<RecordedTry, 'periodStart'> & { periodStart: Date | string }>(
    db,
    sql`INSERT INTO payments (user_id, plan_id, kind, status, amount_cents, gateway, period_start, attempt, gateway_key)
      SELECT v.user_id, v.plan_id, 'renewal', 'pending', v.amount_cents, v.gateway, v.period_start, v.attempt, v.gateway_key
      FROM unnest(${columnArray(
        tries.map((t) => t.userId),
        'uuid',
      )}, ${columnArray(
        tries.map((t) => t.planId),
        'text',
      )},
        ${columnArray(
          tries.map((t) => t.amountCents),
          'integer',
        )}, ${columnArray(
          tries.map((t) => t.gateway),
          'text',
        )},
        ${columnArray(
          tries.map((t) => t.periodStart),
          'timestamptz',
        )}, ${columnArray(
          tries.map((t) => t.attempt),
          'integer',
        )},
        ${columnArray(
          tries.map((t) => t.gatewayKey),
          'text',
        )}) AS v(user_id, plan_id, amount_cents, gateway, period_start, attempt, gateway_key)
      ON CONFLICT DO NOTHING
      RETURNING id, user_id AS "userId", plan_id AS "planId", amount_cents AS "amountCents", gateway, period_start AS "periodStart", attempt, gateway_key AS "gatewayKey"`,
  );
  // Raw queries bring instants back as Date (node-postgres) or text (PGlite under drizzle).
  return rows.map((row) => ({ ...row, periodStart: new Date(row.periodStart) }));
}

export interface PaymentSettlement {
  id: string;
  /** voided: the gateway charged, and the charge was voided (refunded) because the membership changed meanwhile. */
  status: 'succeeded' | 'failed' | 'voided';
  gatewayReference: string | null;
  failureCode: string | null;
}

/** Settles many pending attempts in one statement; returns the ids that were still pending (the others were settled already). */
export async function settlePayments(db: Executor, settlements: readonly PaymentSettlement[]): Promise<Set<string>> {
  if (settlements.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE payments SET status = v.status, gateway_reference = v.reference, failure_code = v.failure_code, locked_until = NULL
      FROM unnest(${columnArray(
        settlements.map((s) => s.id),
        'uuid',
      )}, ${columnArray(
        settlements.map((s) => s.status),
        'text',
      )},
        ${columnArray(
          settlements.map((s) => s.gatewayReference),
          'text',
        )}, ${columnArray(
          settlements.map((s) => s.failureCode),
          'text',
        )})
        AS v(id, status, reference, failure_code)
      WHERE payments.id = v.id AND payments.status = 'pending'
      RETURNING payments.id`,
  );
  return new Set(rows.map((row) => row.id));
}

/** Which of these attempts are still pending, locked until the transaction ends (take the users' locks first). */
export async function lockPendingPayments(tx: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(inArray(payments.id, [...ids]), eq(payments.status, 'pending')))
    .orderBy(asc(payments.id))
    .for('update');
  return new Set(rows.map((row) => row.id));
}

export interface SubscriptionState {
  userId: string;
  /** A plan the state moves the member to (a scheduled change); otherwise the plan stays. */
  plan?: PlanId;
  status: SubscriptionStatus;
  amountCents: number | null;
  renewsAt: Date | null;
  endsAt: Date | null;
}

/** Writes each member's whole subscription state (status, amount, renewal and end dates) in one statement. */
export async function saveSubscriptionStates(db: Executor, states: readonly SubscriptionState[]) {
  if (states.length === 0) return;
  await db.execute(
    sql`UPDATE users SET subscription_status = v.status, subscription_plan = coalesce(v.plan, users.subscription_plan),
        subscription_amount_cents = v.amount_cents, next_subscription_renew_date = v.renews_at, subscription_end_date = v.ends_at, updated_at = now()
      FROM unnest(${columnArray(
        states.map((s) => s.userId),
        'uuid',
      )}, ${columnArray(
        states.map((s) => s.plan ?? null),
        'text',
      )}, ${columnArray(
        states.map((s) => s.status),
        'text',
      )},
        ${columnArray(
          states.map((s) => s.amountCents),
          'integer',
        )}, ${columnArray(
          states.map((s) => s.renewsAt),
          'timestamptz',
        )},
        ${columnArray(
          states.map((s) => s.endsAt),
          'timestamptz',
        )}) AS v(id, plan, status, amount_cents, renews_at, ends_at)
      WHERE users.id = v.id`,
  );
}

export interface MembershipSchedule {
  userId: string;
  nextChargeAt: Date | null;
  failedRenewals: number;
}

/** Forgets the scheduled plan changes that renewals have applied. */
export async function clearScheduledPlans(db: Executor, userIds: readonly string[]) {
  if (userIds.length === 0) return;
  await db.execute(sql`UPDATE memberships SET scheduled_plan = NULL WHERE user_id = ANY(${columnArray(userIds, 'uuid')})`);
}

/** Sets when each membership is next charged and releases the job's lease on it, in one statement. */
export async function scheduleMemberships(db: Executor, schedules: readonly MembershipSchedule[]) {
  if (schedules.length === 0) return;
  await db.execute(
    sql`UPDATE memberships SET next_charge_at = v.next_charge_at, failed_renewals = v.failed_renewals, locked_until = NULL, updated_at = now()
      FROM unnest(${columnArray(
        schedules.map((s) => s.userId),
        'uuid',
      )}, ${columnArray(
        schedules.map((s) => s.nextChargeAt),
        'timestamptz',
      )},
        ${columnArray(
          schedules.map((s) => s.failedRenewals),
          'integer',
        )}) AS v(user_id, next_charge_at, failed_renewals)
      WHERE memberships.user_id = v.user_id`,
  );
}

export async function findCheckoutByClientKey(db: Executor, userId: string, clientKey: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.clientKey, clientKey), inArray(payments.kind, ['checkout', 'visit'])))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Claims pending attempts created before `olderThan` (or the one `id`), for `leaseMs`: SKIP LOCKED
 * and the lease keep every other instance off them while this one asks the gateway.
 */
export async function claimPendingPayments(
  db: Executor,
  now: Date,
  leaseMs: number,
  filter: { olderThan: Date; limit: number } | { id: string },
): Promise<PaymentRow[]> {
  const which = 'id' in filter ? eq(payments.id, filter.id) : atOrBefore(payments.createdAt, filter.olderThan);
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
        eq(users.subscriptionPlan, 'oneTimeVisit'),
        eq(users.subscriptionStatus, 'active'),
        sql`coalesce(${users.subscriptionEndDate}, ${users.subscriptionStartDate} + ${membershipTerm}) <= ${now}`,
      ),
    )
    .returning({ id: users.id });
  return rows.length;
}

/**
 * The patient's oldest paid visit purchase for `service` that no visit holds: none ever used it, or
 * the visit it paid for was cancelled.
 */
export async function findUnusedVisitPayment(db: Executor, userId: string, service: string): Promise<string | null> {
  return (await unusedVisitPayments(db, userId, service))[0]?.id ?? null;
}

/** The requester's paid visits that no visit holds, oldest first: of one service, or of every service. */
export async function unusedVisitPayments(db: Executor, userId: string, service?: string): Promise<{ id: string; service: string }[]> {
  const holding = db
    .select({ id: visits.id })
    .from(visits)
    .where(and(eq(visits.paymentId, payments.id), ne(visits.status, 'cancelled')));
  return db
    .select({ id: payments.id, service: payments.planId })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.kind, 'visit'),
        service ? eq(payments.planId, service) : undefined,
        eq(payments.status, 'succeeded'),
        notExists(holding),
      ),
    )
    .orderBy(asc(payments.createdAt));
}

export async function listPayments(db: Executor, userId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt));
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
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.responseOutcome)));
}

/** Takes over an unanswered key whose request died before recording any attempt; true when this caller won it. */
export async function takeOverIdempotencyKey(db: Executor, userId: string, key: string, staleBefore: Date): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ createdAt: new Date() })
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        isNull(idempotencyKeys.responseOutcome),
        lt(idempotencyKeys.createdAt, staleBefore),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

/**
 * Takes the idempotency key and, in the same round trip, reads the payer as a new checkout checks
 * them; when the key was taken already, returns the row there for it instead.
 */
export async function claimIdempotencyKey(db: Executor, userId: string, key: string, requestHash: string) {
  const [claim] = await queryRows<Payer & { created: boolean }>(
    db,
    sql`WITH claimed AS (INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES (${userId}, ${key}, ${requestHash}) ON CONFLICT DO NOTHING RETURNING key)
      SELECT EXISTS (SELECT 1 FROM claimed) AS created, ${payerColumns} FROM users WHERE id = ${userId}`,
  );
  if (claim?.created) {
    const { created: _created, ...payer } = claim;
    return { created: true as const, payer };
  }
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
  /** A cancellation's end: the renewal due then ends the membership instead. */
  cancelAt: Date | null;
  /** The plan this renewal moves the member to. */
  scheduledPlan: MonthlyPlanId | null;
  email: string;
  firstName: string;
  plan: PlanId | null;
  status: SubscriptionStatus | null;
  amountCents: number | null;
  periodStart: Date | null;
}

/**
 * Claims up to `limit` memberships whose charge is due (of `userId` alone, when given), for `leaseMs`.
 * SKIP LOCKED and the lease keep two job instances off the same membership.
 */
export async function claimDueMemberships(
  db: Executor,
  now: Date,
  limit: number,
  leaseMs: number,
  userId?: string,
): Promise<DueMembership[]> {
  const due = db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        lte(memberships.nextChargeAt, now),
        or(isNull(memberships.lockedUntil), lte(memberships.lockedUntil, now)),
        userId === undefined ? undefined : eq(memberships.userId, userId),
      ),
    )
    .orderBy(memberships.nextChargeAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(memberships)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs) })
    .where(sql`${memberships.userId} IN ${due}`)
    .returning({
      userId: memberships.userId,
      gatewayToken: memberships.gatewayToken,
      failedRenewals: memberships.failedRenewals,
      cancelAt: memberships.cancelAt,
      scheduledPlan: memberships.scheduledPlan,
    });
  if (claimed.length === 0) return [];
  const people = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      plan: users.subscriptionPlan,
      status: users.subscriptionStatus,
      amountCents: users.subscriptionAmountCents,
      periodStart: users.nextSubscriptionRenewDate,
    })
    .from(users)
    .where(
      sql`${users.id} = ANY(${columnArray(
        claimed.map((c) => c.userId),
        'uuid',
      )})`,
    );
  const byId = new Map(people.map((p) => [p.userId, p]));
  return claimed.flatMap((c) => {
    const person = byId.get(c.userId);
    return person ? [{ ...c, ...person }] : [];
  });
}

/**
 * The member's membership row, locked until the transaction ends, and whether a renewal of it is in
 * flight: claimed by a job (its lease not run out) or a try recorded and not settled yet. A claim
 * skips a row locked here (SKIP LOCKED), and this waits for a claim being written, so a change and a
 * renewal of the same membership never overlap. Null when the member has no membership row.
 */
export async function lockMembershipForChange(tx: Executor, userId: string) {
  const pendingTry = tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.kind, 'renewal'), eq(payments.status, 'pending')));
  const [row] = await tx
    .select({
      failedRenewals: memberships.failedRenewals,
      nextChargeAt: memberships.nextChargeAt,
      renewalInFlight: sql<boolean>`(coalesce(${memberships.lockedUntil} > now(), false) OR EXISTS ${pendingTry})`,
    })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .for('update', { of: memberships });
  return row ?? null;
}
