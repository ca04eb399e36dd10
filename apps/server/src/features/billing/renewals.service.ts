import { addDays, formatCentralDate, formatUsd, MEMBERSHIP_TERM_DAYS, messages, type PlanId, type SubscriptionStatus } from '@app/shared';
import type { Database, Executor } from '../../db/client';
import { conflict } from '../../lib/errors';
import type { Log } from '../../lib/logging';
import { receiptMail } from './receipts.service';
import {
  claimDueMemberships,
  clearScheduledPlans,
  insertRenewalTries,
  lockMembershipForChange,
  lockPendingPayments,
  lockRenewingUsers,
  saveSubscriptionStates,
  scheduleMemberships,
  settlePayments,
  type DueMembership,
  type MembershipSchedule,
  type PaymentRow,
  type RecordedTry,
  type RenewalTry,
  type SubscriptionState,
} from './repository';
import type { ChargeResult, PaymentGateway } from './gateway';
import { enqueueMails, type MailTemplates, type OutgoingMail } from '../mail';
import { findPlan } from '../plans';

/** Days after the renewal date on which a declined renewal is tried again; then it expires. */
const RETRY_AFTER_DAYS = [1, 3, 5] as const;
const LEASE_MS = 5 * 60_000;
/** Memberships claimed, recorded and settled together: a few statements per batch instead of several per member. */
const BATCH = 500;
/** Batches in progress at once, so that one's gateway calls overlap another's database work. */
const PARALLEL_BATCHES = 2;
/** Gateway calls in flight at once, per batch. */
const PARALLEL_CHARGES = 32;

/** What renewals use: their rows, the gateway, the notices' templates and a log. */
interface RenewalDeps {
  db: Database;
  gateway: PaymentGateway;
  templates: MailTemplates;
  log: Log;
  /** Aborted when the server stops: no batch is claimed after it. */
  signal?: AbortSignal;
}

export interface RenewalSummary {
  renewed: number;
  declined: number;
  expired: number;
  /** Charged while the membership changed (cancelled, another plan or amount): the charge was voided and the change kept. */
  voided: number;
  /** Ended by the member's cancellation instead of renewed. */
  cancelled: number;
  skipped: number;
}

interface GatewayAnswer {
  payment: RecordedTry;
  result: ChargeResult;
  /** The member's recorded amount when the renewal claimed the membership; reconciliation does not know it. */
  claimedAmountCents?: number | null;
}

/** Seconds after which an edit refused because of a renewal in flight may be tried again. */
const RENEWAL_IN_FLIGHT_RETRY_SECONDS = 60;

/**
 * Charges every monthly membership whose renewal (or retry) is due. Safe on several instances and
 * twice in a row: memberships are claimed in batches with SKIP LOCKED and a lease, and each try of a
 * period is a ledger row with a unique (user, period, attempt) written before the gateway is called,
 * so no period is ever charged twice. A batch's ledger rows, its settlement and its notices are each
 * written set-based; the gateway is called for each member, a bounded number at a time. With
 * `onlyUserId`, only that member's membership is renewed, if it is due (a past-due card just replaced).
 */
export async function runRenewals(ctx: RenewalDeps, now: Date = new Date(), onlyUserId?: string): Promise<RenewalSummary> {
  const summary: RenewalSummary = { renewed: 0, declined: 0, expired: 0, voided: 0, cancelled: 0, skipped: 0 };
  // Each batch worker claims its own memberships (SKIP LOCKED), as several instances would.
  await Promise.all(Array.from({ length: onlyUserId ? 1 : PARALLEL_BATCHES }, () => renewBatches(ctx, now, summary, onlyUserId)));
  // The mail worker sends the receipts and notices this run put in the outbox.
  return summary;
}

async function renewBatches(ctx: RenewalDeps, now: Date, summary: RenewalSummary, onlyUserId?: string) {
  while (!ctx.signal?.aborted) {
    const claimed = await claimDueMemberships(ctx.db, now, BATCH, LEASE_MS, onlyUserId);
    if (claimed.length === 0) break;
    // A member's cancellation takes effect at the renewal it stops: no charge, the membership ends.
    const ending = claimed.filter(cancellationTakesEffect);
    await endCancelledMemberships(ctx, ending);
    summary.cancelled += ending.length;
    const batch = claimed.filter((m) => !cancellationTakesEffect(m));
    const chargeable = batch.filter(isChargeable);
    // Nothing to charge for (a one-time visit, a cancelled membership, data an admin changed).
    const nothingToCharge = batch.filter((m) => !isChargeable(m));
    await scheduleMemberships(
      ctx.db,
      nothingToCharge.map((m) => ({ userId: m.userId, nextChargeAt: null, failedRenewals: m.failedRenewals })),
    );
    summary.skipped += nothingToCharge.length;

    const tries = await insertRenewalTries(
      ctx.db,
      chargeable.map((m) => renewalTry(ctx, m)),
    );
    const recorded = new Set(tries.map((payment) => payment.userId));
    for (const m of chargeable.filter((m) => !recorded.has(m.userId))) {
      // This try of this period is already in the ledger: made by an instance whose lease ran out, or
      // cut short by a crash after the gateway answered. Never charge it again; the lease stays, so
      // this run moves on, and reconciliation settles the pending row with the gateway's answer.
      ctx.log.warn(
        { userId: m.userId, periodStart: m.periodStart, attempt: m.failedRenewals + 1 },
        'renewal try already recorded; not charging again',
      );
      summary.skipped += 1;
    }

    const byUser = new Map(chargeable.map((m) => [m.userId, m]));
    const answers = await inParallel(tries, PARALLEL_CHARGES, async (payment): Promise<GatewayAnswer | null> => {
      try {
        const plan = findPlan(payment.planId as PlanId);
        const request = {
          amountCents: payment.amountCents,
          currency: 'USD' as const,
          description: `${plan.title} renewal`,
          idempotencyKey: payment.gatewayKey,
        };
        const m = byUser.get(payment.userId)!;
        return { payment, result: await ctx.gateway.chargeSaved(m.gatewayToken!, request), claimedAmountCents: m.amountCents };
      } catch (error) {
        // Unknown outcome: the row stays pending and reconciliation asks the gateway.
        ctx.log.error({ err: error, paymentId: payment.id }, 'renewal charge failed');
        return null;
      }
    });
    const answered = answers.filter((answer) => answer !== null);
    summary.skipped += answers.length - answered.length;
    for (const outcome of await settleRenewals(ctx, answered, now)) summary[outcome ?? 'skipped'] += 1;
    // One member's renewal is tried once: a decline's next try waits for the job.
    if (onlyUserId) break;
  }
}

/** A membership renews while it is active or past due on a monthly plan. */
function renews(m: { status: SubscriptionStatus | null; plan: PlanId | null }): boolean {
  return (m.status === 'active' || m.status === 'past_due') && m.plan !== null && findPlan(m.plan).period === 'month';
}

/** The renewal due is the one a cancellation stops (or the member has no known renewal date any more). */
function cancellationTakesEffect(m: DueMembership): boolean {
  return m.cancelAt !== null && renews(m) && (m.periodStart === null || m.periodStart.getTime() >= m.cancelAt.getTime());
}

/** Ends memberships whose cancellation took effect: cancelled, nothing renews, ended on the cancellation's date. */
async function endCancelledMemberships(ctx: RenewalDeps, ending: readonly DueMembership[]) {
  if (ending.length === 0) return;
  await ctx.db.transaction(async (tx) => {
    await saveSubscriptionStates(
      tx,
      ending.map((m) => ({ userId: m.userId, status: 'cancelled', amountCents: m.amountCents, renewsAt: null, endsAt: m.cancelAt })),
    );
    // Releases the lease last: until then, an undo waits its turn and then finds the membership ended.
    await scheduleMemberships(
      tx,
      ending.map((m) => ({ userId: m.userId, nextChargeAt: null, failedRenewals: m.failedRenewals })),
    );
  });
}

function isChargeable(m: DueMembership): boolean {
  return renews(m) && m.periodStart !== null && m.gatewayToken !== null;
}

/**
 * Takes its turn with renewals for a change of a member's status, plan or amount, in the transaction
 * that locked the member's row: refused (409) while a renewal of the membership is in flight, so no
 * charge lands over the change; a change that leaves nothing to renew clears the next charge.
 */
export async function changeMembershipTerms(
  tx: Executor,
  userId: string,
  after: { status: SubscriptionStatus | null; plan: PlanId | null; renewsAt: Date | null },
) {
  const membership = await lockMembershipForChange(tx, userId);
  if (!membership) return;
  if (membership.renewalInFlight) throw conflict(messages.renewalInFlight, RENEWAL_IN_FLIGHT_RETRY_SECONDS);
  const { failedRenewals } = membership;
  if (!renews(after)) await scheduleMemberships(tx, [{ userId, nextChargeAt: null, failedRenewals }]);
  // A membership made renewable again (a cancellation undone) is charged when its paid period ends, or
  // at the next run when that has passed or is unknown: never left active without a next charge.
  else if (membership.nextChargeAt === null)
    await scheduleMemberships(tx, [{ userId, nextChargeAt: after.renewsAt ?? new Date(), failedRenewals }]);
}

/** The ledger row of this membership's next try for its current period, on the plan a scheduled change moves it to. */
function renewalTry(ctx: RenewalDeps, m: DueMembership): RenewalTry {
  const plan = findPlan(m.scheduledPlan ?? m.plan!);
  const attempt = m.failedRenewals + 1;
  return {
    userId: m.userId,
    planId: plan.id,
    amountCents: plan.priceCents,
    gateway: ctx.gateway.name,
    periodStart: m.periodStart!,
    attempt,
    gatewayKey: `renewal:${m.userId}:${m.periodStart!.toISOString()}:${attempt}`,
  };
}

/** Maps `items` through `fn` with at most `limit` calls in flight, keeping their order. */
async function inParallel<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Records the gateway's answer for one renewal try (reconciliation's path); null when it was settled already. */
export async function settleRenewal(
  ctx: RenewalDeps,
  payment: PaymentRow,
  result: ChargeResult,
  now: Date,
): Promise<keyof RenewalSummary | null> {
  // A renewal's ledger row always has its period and key (renewalTry writes them).
  const recorded: RecordedTry = { ...payment, periodStart: payment.periodStart!, gatewayKey: payment.gatewayKey! };
  const [outcome] = await settleRenewals(ctx, [{ payment: recorded, result }], now);
  return outcome ?? null;
}

type LockedMember = Awaited<ReturnType<typeof lockRenewingUsers>>[number];
/** What settling an answer came to; null for a try settled already. */
type Settled = keyof RenewalSummary | null;
/** 'void': the membership changed while the gateway charged it; the charge must be voided first. */
type Decided = Settled | 'void';
const settledOnly = (outcome: Decided): Settled => (outcome === 'void' ? null : outcome);

const sameInstant = (a: Date | null, b: Date) => a !== null && a.getTime() === b.getTime();

/**
 * Whether the locked member is still renewable on the terms the try was made for: the same plan and
 * period, the amount the claim saw, and a status that renews.
 */
function onSameTerms(user: LockedMember, { payment, claimedAmountCents }: GatewayAnswer): boolean {
  return (
    renews({ status: user.subscriptionStatus, plan: user.subscriptionPlan }) &&
    (user.scheduledPlan ?? user.subscriptionPlan) === payment.planId &&
    sameInstant(user.nextSubscriptionRenewDate, payment.periodStart) &&
    (claimedAmountCents === undefined || user.subscriptionAmountCents === claimedAmountCents)
  );
}

/**
 * The next charge of a membership that changed during its renewal: none when nothing renews any
 * more; otherwise at once, under the new terms, with a try number the voided try has not used.
 */
function scheduleAfterChange(user: LockedMember, payment: RecordedTry, now: Date): MembershipSchedule {
  if (!renews({ status: user.subscriptionStatus, plan: user.subscriptionPlan })) {
    return { userId: user.id, nextChargeAt: null, failedRenewals: payment.attempt - 1 };
  }
  const samePeriod = sameInstant(user.nextSubscriptionRenewDate, payment.periodStart);
  return { userId: user.id, nextChargeAt: now, failedRenewals: samePeriod ? payment.attempt : 0 };
}

/**
 * Records the gateway's answers for renewal tries, each once (null for a try settled already). The
 * member's row is locked and checked again first: a membership that changed while the gateway
 * answered (cancelled, another plan, amount or period) keeps its change, and a charge made for it
 * is voided at the gateway, then recorded as voided. Otherwise paid moves the period on; declined
 * schedules the next try or, after the last, expires the membership. Every change is e-mailed.
 */
async function settleRenewals(ctx: RenewalDeps, answers: readonly GatewayAnswer[], now: Date): Promise<Settled[]> {
  const outcomes = await settleLocked(ctx, answers, now, new Set());
  const toVoid = answers.filter((_, i) => outcomes[i] === 'void');
  if (toVoid.length === 0) return outcomes.map(settledOnly);
  // The gateway is called outside the transaction; until the void is recorded, the try stays pending
  // and the lease held, so no change or other renewal of these memberships starts meanwhile.
  const voided = new Set<string>();
  await inParallel(toVoid, PARALLEL_CHARGES, async ({ payment }) => {
    try {
      await ctx.gateway.void(payment.gatewayKey);
      voided.add(payment.id);
    } catch (error) {
      // The try stays pending: reconciliation finds the charge, checks the member again and voids it.
      ctx.log.error({ err: error, paymentId: payment.id }, 'voiding a renewal charge failed');
    }
  });
  const recording = toVoid.filter(({ payment }) => voided.has(payment.id));
  const recorded = await settleLocked(ctx, recording, now, voided);
  const outcomeOf = new Map(recording.map(({ payment }, i) => [payment.id, settledOnly(recorded[i]!)]));
  return answers.map(({ payment }, i) => (outcomes[i] === 'void' ? (outcomeOf.get(payment.id) ?? null) : settledOnly(outcomes[i]!)));
}

/**
 * Settles answers in one transaction, under the members' row locks. A charge for a membership that
 * changed is left pending ('void') unless its payment id is in `voided` (the gateway voided it).
 */
async function settleLocked(
  ctx: RenewalDeps,
  answers: readonly GatewayAnswer[],
  now: Date,
  voided: ReadonlySet<string>,
): Promise<Decided[]> {
  if (answers.length === 0) return [];
  return ctx.db.transaction(async (tx) => {
    // Locks in the order a checkout takes them (users, then payments), so the two never deadlock.
    const people = new Map(
      (
        await lockRenewingUsers(
          tx,
          answers.map((a) => a.payment.userId),
        )
      ).map((user) => [user.id, user]),
    );
    const pending = await lockPendingPayments(
      tx,
      answers.map((a) => a.payment.id),
    );
    const decisions = answers.map((answer) => {
      const user = people.get(answer.payment.userId);
      // Settled already (by reconciliation, or another run): its answer stands, and its charge is never voided here.
      if (!user || !pending.has(answer.payment.id)) return null;
      if (voided.has(answer.payment.id)) return { answer, user, status: 'voided' as const };
      if (onSameTerms(user, answer)) return { answer, user, status: answer.result.ok ? ('succeeded' as const) : ('failed' as const) };
      // Changed meanwhile: a charge is voided first; a decline is recorded and changes nothing.
      return answer.result.ok ? 'void' : { answer, user, status: 'changed' as const };
    });
    const settling = decisions.filter((d) => d !== null && d !== 'void');
    const settled = await settlePayments(
      tx,
      settling.map(({ answer: { payment, result }, status }) => ({
        id: payment.id,
        status: status === 'changed' ? 'failed' : status,
        gatewayReference: result.ok ? result.reference : null,
        failureCode: result.ok ? null : result.code,
      })),
    );
    const states: SubscriptionState[] = [];
    const schedules: MembershipSchedule[] = [];
    const changedPlans: string[] = [];
    const mails: OutgoingMail[] = [];
    const outcomes = decisions.map((decision): Decided => {
      if (decision === null || decision === 'void') return decision;
      const { answer, user, status } = decision;
      const { payment, result } = answer;
      if (!settled.has(payment.id)) return null;
      if (status === 'voided' || status === 'changed') {
        ctx.log.warn({ userId: user.id, paymentId: payment.id, status }, 'membership changed during its renewal; the change is kept');
        schedules.push(scheduleAfterChange(user, payment, now));
        return status === 'voided' ? 'voided' : 'skipped';
      }
      const plan = findPlan(payment.planId as PlanId);
      const periodStart = payment.periodStart;
      const attempt = payment.attempt;
      if (result.ok) {
        const renewsAt = addDays(periodStart, MEMBERSHIP_TERM_DAYS);
        states.push({ userId: user.id, plan: plan.id, status: 'active', amountCents: plan.priceCents, renewsAt, endsAt: renewsAt });
        if (user.scheduledPlan !== null) changedPlans.push(user.id);
        schedules.push({ userId: user.id, nextChargeAt: renewsAt, failedRenewals: 0 });
        mails.push(receiptMail(ctx, user, plan, now, result.reference, renewsAt, payment.id));
        return 'renewed';
      }
      const retryDays = RETRY_AFTER_DAYS[attempt - 1];
      if (retryDays === undefined) {
        states.push({ userId: user.id, status: 'expired', amountCents: user.subscriptionAmountCents, renewsAt: null, endsAt: now });
        schedules.push({ userId: user.id, nextChargeAt: null, failedRenewals: attempt });
        mails.push(ctx.templates.membershipExpired(user.email, user.firstName, { planTitle: plan.title }));
        return 'expired';
      }
      const retryAt = addDays(periodStart, retryDays);
      states.push({
        userId: user.id,
        status: 'past_due',
        amountCents: user.subscriptionAmountCents,
        renewsAt: user.nextSubscriptionRenewDate,
        endsAt: user.subscriptionEndDate,
      });
      schedules.push({ userId: user.id, nextChargeAt: retryAt, failedRenewals: attempt });
      mails.push(
        ctx.templates.renewalDeclined(user.email, user.firstName, {
          planTitle: plan.title,
          amount: formatUsd(plan.priceCents),
          retryOn: formatCentralDate(retryAt),
        }),
      );
      return 'declined';
    });
    await saveSubscriptionStates(tx, states);
    await clearScheduledPlans(tx, changedPlans);
    await scheduleMemberships(tx, schedules);
    await enqueueMails(tx, mails);
    return outcomes;
  });
}
