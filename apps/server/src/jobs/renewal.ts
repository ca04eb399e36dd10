import { addDays, formatCentralDate, formatUsd, MEMBERSHIP_TERM_DAYS, normalizePlanId, type PlanId } from '@app/shared';
import type { AppContext } from '../context';
import { receiptMail } from '../features/billing/service';
import { claimDueMemberships, insertPayment, lockUser, saveMembership, settlePayment, type DueMembership, type PaymentRow } from '../features/billing/repository';
import type { ChargeResult } from '../features/billing/gateway';
import { enqueueMail } from '../features/mail/repository';
import { findPlan } from '../features/plans/catalogue';
import { updateUser } from '../features/users/repository';

/** Days after the renewal date on which a declined renewal is tried again; then it expires. */
const RETRY_AFTER_DAYS = [1, 3, 5] as const;
const LEASE_MS = 5 * 60_000;
const BATCH = 200;
const PARALLEL = 8;

export interface RenewalSummary {
  renewed: number;
  declined: number;
  expired: number;
  skipped: number;
}

/**
 * Charges every monthly membership whose renewal (or retry) is due. Safe on several instances and
 * twice in a row: a membership is claimed with SKIP LOCKED and a lease, and each try of a period is a
 * ledger row with a unique (user, period, attempt) written before the gateway is called, so no
 * period is ever charged twice.
 */
export async function runRenewals(ctx: AppContext, now: Date = new Date()): Promise<RenewalSummary> {
  const summary: RenewalSummary = { renewed: 0, declined: 0, expired: 0, skipped: 0 };
  for (;;) {
    const batch = await claimDueMemberships(ctx.db, now, BATCH, LEASE_MS);
    if (batch.length === 0) break;
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const membership = batch[next++]!;
        summary[await renew(ctx, membership, now)] += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, batch.length) }, worker));
  }
  // The mail worker sends the receipts and notices this run put in the outbox.
  return summary;
}

async function renew(ctx: AppContext, m: DueMembership, now: Date): Promise<keyof RenewalSummary> {
  const planId = m.plan ? normalizePlanId(m.plan) : null;
  const renewable = ['active', 'past_due'].includes(m.status?.toLowerCase() ?? '');
  if (!renewable || !planId || !m.periodStart || !m.gatewayToken || findPlan(planId).period !== 'month') {
    // Nothing to charge for (a one-time visit, a cancelled membership, data an admin changed).
    await saveMembership(ctx.db, m.userId, { nextChargeAt: null, lockedUntil: null });
    return 'skipped';
  }
  const plan = findPlan(planId);
  const attempt = m.failedRenewals + 1;
  const gatewayKey = `renewal:${m.userId}:${m.periodStart.toISOString()}:${attempt}`;
  const payment = await insertPayment(ctx.db, {
    userId: m.userId,
    planId,
    kind: 'renewal',
    amountCents: plan.priceCents,
    gateway: ctx.gateway.name,
    status: 'pending',
    periodStart: m.periodStart,
    attempt,
    gatewayKey,
  });
  if (!payment) {
    // This try of this period is already in the ledger: made by an instance whose lease ran out, or
    // cut short by a crash after the gateway answered. Never charge it again; the lease stays, so
    // this run moves on, and reconciliation settles the pending row with the gateway's answer.
    ctx.log.warn({ userId: m.userId, periodStart: m.periodStart, attempt }, 'renewal try already recorded; not charging again');
    return 'skipped';
  }

  let result: ChargeResult;
  try {
    result = await ctx.gateway.chargeSaved(m.gatewayToken, { amountCents: plan.priceCents, currency: 'USD', description: `${plan.title} renewal`, idempotencyKey: gatewayKey });
  } catch (error) {
    // Unknown outcome: the row stays pending and reconciliation asks the gateway.
    ctx.log.error({ err: error, paymentId: payment.id }, 'renewal charge failed');
    return 'skipped';
  }
  return (await settleRenewal(ctx, payment, result, now)) ?? 'skipped';
}

/**
 * Records the gateway's answer for a renewal try, once (null when it was settled already): paid
 * moves the period on; declined schedules the next try or, after the last, expires the membership.
 */
export async function settleRenewal(ctx: AppContext, payment: PaymentRow, result: ChargeResult, now: Date): Promise<keyof RenewalSummary | null> {
  const plan = findPlan(payment.planId as PlanId);
  const periodStart = payment.periodStart!;
  const attempt = payment.attempt;
  const retryDays = RETRY_AFTER_DAYS[attempt - 1];
  return ctx.db.transaction(async (tx) => {
    // Locks in the order a checkout takes them (user, then payment), so the two never deadlock.
    const user = (await lockUser(tx, payment.userId))!;
    if (result.ok) {
      if (!(await settlePayment(tx, payment.id, { status: 'succeeded', gatewayReference: result.reference }))) return null;
      const renewsAt = addDays(periodStart, MEMBERSHIP_TERM_DAYS);
      const renewed = await updateUser(tx, payment.userId, {
        subscriptionStatus: 'active',
        subscriptionAmountCents: plan.priceCents,
        nextSubscriptionRenewDate: renewsAt,
        subscriptionEndDate: renewsAt,
      });
      await saveMembership(tx, payment.userId, { nextChargeAt: renewsAt, failedRenewals: 0, lockedUntil: null });
      await enqueueMail(tx, receiptMail(ctx, renewed, plan, now, result.reference, renewsAt));
      return 'renewed';
    }
    if (!(await settlePayment(tx, payment.id, { status: 'failed', failureCode: result.code }))) return null;
    if (retryDays === undefined) {
      await updateUser(tx, payment.userId, { subscriptionStatus: 'expired', subscriptionEndDate: now, nextSubscriptionRenewDate: null });
      await saveMembership(tx, payment.userId, { nextChargeAt: null, failedRenewals: attempt, lockedUntil: null });
      await enqueueMail(tx, ctx.templates.membershipExpired(user.email, user.firstName, { planTitle: plan.title }));
      return 'expired';
    }
    const retryAt = addDays(periodStart, retryDays);
    await updateUser(tx, payment.userId, { subscriptionStatus: 'past_due' });
    await saveMembership(tx, payment.userId, { nextChargeAt: retryAt, failedRenewals: attempt, lockedUntil: null });
    await enqueueMail(
      tx,
      ctx.templates.renewalDeclined(user.email, user.firstName, {
        planTitle: plan.title,
        amount: formatUsd(plan.priceCents),
        retryOn: formatCentralDate(retryAt),
      }),
    );
    return 'declined';
  });
}
