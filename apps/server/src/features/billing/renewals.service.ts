import { addDays, formatCentralDate, formatUsd, MEMBERSHIP_TERM_DAYS, type PlanId } from '@app/shared';
import type { Database } from '../../db/client';
import type { Log } from '../../lib/logging';
import { receiptMail } from './receipts.service';
import {
  claimDueMemberships,
  insertRenewalTries,
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
  skipped: number;
}

interface GatewayAnswer {
  payment: RecordedTry;
  result: ChargeResult;
}

/**
 * Charges every monthly membership whose renewal (or retry) is due. Safe on several instances and
 * twice in a row: memberships are claimed in batches with SKIP LOCKED and a lease, and each try of a
 * period is a ledger row with a unique (user, period, attempt) written before the gateway is called,
 * so no period is ever charged twice. A batch's ledger rows, its settlement and its notices are each
 * written set-based; the gateway is called for each member, a bounded number at a time.
 */
export async function runRenewals(ctx: RenewalDeps, now: Date = new Date()): Promise<RenewalSummary> {
  const summary: RenewalSummary = { renewed: 0, declined: 0, expired: 0, skipped: 0 };
  // Each batch worker claims its own memberships (SKIP LOCKED), as several instances would.
  await Promise.all(Array.from({ length: PARALLEL_BATCHES }, () => renewBatches(ctx, now, summary)));
  // The mail worker sends the receipts and notices this run put in the outbox.
  return summary;
}

async function renewBatches(ctx: RenewalDeps, now: Date, summary: RenewalSummary) {
  while (!ctx.signal?.aborted) {
    const batch = await claimDueMemberships(ctx.db, now, BATCH, LEASE_MS);
    if (batch.length === 0) break;
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

    const tokens = new Map(chargeable.map((m) => [m.userId, m.gatewayToken!]));
    const answers = await inParallel(tries, PARALLEL_CHARGES, async (payment): Promise<GatewayAnswer | null> => {
      try {
        const plan = findPlan(payment.planId as PlanId);
        const request = {
          amountCents: payment.amountCents,
          currency: 'USD' as const,
          description: `${plan.title} renewal`,
          idempotencyKey: payment.gatewayKey,
        };
        return { payment, result: await ctx.gateway.chargeSaved(tokens.get(payment.userId)!, request) };
      } catch (error) {
        // Unknown outcome: the row stays pending and reconciliation asks the gateway.
        ctx.log.error({ err: error, paymentId: payment.id }, 'renewal charge failed');
        return null;
      }
    });
    const answered = answers.filter((answer) => answer !== null);
    summary.skipped += answers.length - answered.length;
    for (const outcome of await settleRenewals(ctx, answered, now)) summary[outcome ?? 'skipped'] += 1;
  }
}

function isChargeable(m: DueMembership): boolean {
  const renewable = m.status === 'active' || m.status === 'past_due';
  return renewable && m.plan !== null && m.periodStart !== null && m.gatewayToken !== null && findPlan(m.plan).period === 'month';
}

/** The ledger row of this membership's next try for its current period. */
function renewalTry(ctx: RenewalDeps, m: DueMembership): RenewalTry {
  const plan = findPlan(m.plan!);
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

/**
 * Records the gateway's answers for renewal tries, each once, in one transaction (null for a try
 * settled already): paid moves the period on; declined schedules the next try or, after the last,
 * expires the membership. Every change is e-mailed.
 */
async function settleRenewals(ctx: RenewalDeps, answers: readonly GatewayAnswer[], now: Date): Promise<(keyof RenewalSummary | null)[]> {
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
    const settled = await settlePayments(
      tx,
      answers.map(({ payment, result }) => ({
        id: payment.id,
        status: result.ok ? 'succeeded' : 'failed',
        gatewayReference: result.ok ? result.reference : null,
        failureCode: result.ok ? null : result.code,
      })),
    );
    const states: SubscriptionState[] = [];
    const schedules: MembershipSchedule[] = [];
    const mails: OutgoingMail[] = [];
    const outcomes = answers.map(({ payment, result }): keyof RenewalSummary | null => {
      const user = people.get(payment.userId);
      if (!settled.has(payment.id) || !user) return null;
      const plan = findPlan(payment.planId as PlanId);
      const periodStart = payment.periodStart;
      const attempt = payment.attempt;
      if (result.ok) {
        const renewsAt = addDays(periodStart, MEMBERSHIP_TERM_DAYS);
        states.push({ userId: user.id, status: 'active', amountCents: plan.priceCents, renewsAt, endsAt: renewsAt });
        schedules.push({ userId: user.id, nextChargeAt: renewsAt, failedRenewals: 0 });
        mails.push(receiptMail(ctx, user, plan, now, result.reference, renewsAt));
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
    await scheduleMemberships(tx, schedules);
    await enqueueMails(tx, mails);
    return outcomes;
  });
}
