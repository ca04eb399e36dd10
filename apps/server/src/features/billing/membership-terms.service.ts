import {
  addDays,
  cancellationOutcome,
  cancellationSummary,
  formatCentralDay,
  isMonthlyPlanId,
  MEMBERSHIP_TERM_DAYS,
  messages,
  planChangeSummary,
  quoteAnswer,
  type CancellationQuote,
  type MembershipTerms,
  type MonthlyPlanId,
} from '@app/shared';
import type { Database, Executor } from '../../db/client';
import { conflict, DomainError, notFound } from '../../lib/errors';
import { enqueueMails, type MailTemplates } from '../mail';
import { findPlan } from '../plans';
import { findUserById, lockUser, type UserRow } from '../users';
import {
  clearCancellation,
  findMembershipTerms,
  listConsents,
  saveCancellation,
  saveScheduledPlan,
  type StoredTerms,
} from './membership-terms.repository';
import { changeMembershipTerms } from './renewals.service';

/**
 * A member's cancellation and plan change, by the membership terms of the shared package. Each change
 * takes the membership's turn with its renewals (changeMembershipTerms): refused while one is charging,
 * on any instance, so a change and a renewal never both take effect.
 */

interface TermsDeps {
  db: Database;
  templates: MailTemplates;
}

const unprocessable = (message: string) => new DomainError('unprocessable', message);
const missingAccount = () => notFound(messages.missingAccount);

/** The current period's end, and the purchase the minimum term counts from. */
function periodOf(user: UserRow, now: Date) {
  const renewsAt = user.nextSubscriptionRenewDate ?? user.subscriptionEndDate ?? now;
  return { renewsAt, startedAt: user.subscriptionStartDate ?? addDays(renewsAt, -MEMBERSHIP_TERM_DAYS) };
}

/** The member's monthly plan, when their membership is active; otherwise the refusal that says why not. */
function activeMonthlyPlan(user: UserRow, refusal: string): MonthlyPlanId {
  if (user.subscriptionPlan === 'oneTimeVisit') throw unprocessable(messages.cancelOneTimeVisit);
  if (user.subscriptionStatus !== 'active' || !isMonthlyPlanId(user.subscriptionPlan)) throw conflict(refusal);
  return user.subscriptionPlan;
}

/** What cancelling `user` now comes to by the terms, and the sentence that says it. */
function outcomeFor(user: UserRow, now: Date) {
  const plan = activeMonthlyPlan(user, messages.cancelNeedsActiveMembership);
  const outcome = cancellationOutcome({ plan, ...periodOf(user, now) }, now);
  const { priceCents, title } = findPlan(plan);
  return { outcome, priceCents, title, summary: cancellationSummary(outcome, priceCents) };
}

/** Locks the member and takes the membership's turn with its renewals; then reads its stored terms. */
async function lockForChange(tx: Executor, userId: string) {
  const user = await lockUser(tx, userId);
  if (!user) throw missingAccount();
  await changeMembershipTerms(tx, userId, {
    status: user.subscriptionStatus,
    plan: user.subscriptionPlan,
    renewsAt: user.nextSubscriptionRenewDate,
  });
  return { user, terms: await findMembershipTerms(tx, userId) };
}

/** GET …/membership/cancellation: what cancelling now would cost and when the membership would end. */
export async function quoteCancellation(db: Database, userId: string, now = new Date()): Promise<CancellationQuote> {
  const user = await findUserById(db, userId);
  if (!user) throw missingAccount();
  const { outcome, priceCents } = outcomeFor(user, now);
  if ((await findMembershipTerms(db, userId))?.cancelAt) throw conflict(messages.alreadyCancelled);
  return quoteAnswer(outcome, priceCents);
}

/**
 * Records a cancellation by the terms (its date, how it was made, the reason) and queues its
 * confirmation: renewals within the notice period or the minimum term are still charged, and the
 * renewal job ends the membership at the first renewal the terms let it stop.
 */
export async function cancelMembership(
  ctx: TermsDeps,
  userId: string,
  request: { reason: string | null; method: 'online' | 'admin' },
  now = new Date(),
): Promise<MembershipTerms> {
  await ctx.db.transaction(async (tx) => {
    const { user, terms } = await lockForChange(tx, userId);
    const { outcome, title, summary } = outcomeFor(user, now);
    if (terms?.cancelAt) throw conflict(messages.alreadyCancelled);
    await saveCancellation(tx, userId, { cancelAt: outcome.endsAt, cancelledAt: now, method: request.method, reason: request.reason });
    await enqueueMails(tx, [ctx.templates.cancellationConfirmed(user.email, user.firstName, { planTitle: title, summary })]);
  });
  return membershipTerms(ctx.db, userId);
}

/** Undoes a cancellation until it takes effect ("Keep my membership"). */
export async function keepMembership(db: Database, userId: string, now = new Date()): Promise<MembershipTerms> {
  await db.transaction(async (tx) => {
    const { user, terms } = await lockForChange(tx, userId);
    const cancelAt = terms?.cancelAt ?? null;
    if (user.subscriptionStatus === 'cancelled' || (cancelAt && cancelAt.getTime() <= now.getTime()))
      throw conflict(messages.cancellationTookEffect);
    if (!cancelAt) throw conflict(messages.nothingToUndo);
    await clearCancellation(tx, userId);
  });
  return membershipTerms(db, userId);
}

/** Schedules the other monthly plan from the next full billing cycle; the renewal then charges its price. */
export async function schedulePlanChange(db: Database, userId: string, planId: MonthlyPlanId): Promise<MembershipTerms> {
  await db.transaction(async (tx) => {
    const { user, terms } = await lockForChange(tx, userId);
    const current = activeMonthlyPlan(user, messages.planChangeNeedsActiveMembership);
    if (planId === current) throw unprocessable(messages.planChangeSamePlan);
    if (!terms) throw conflict(messages.planChangeNeedsActiveMembership);
    if (terms.cancelAt) throw conflict(messages.planChangeWhileCancelled);
    await saveScheduledPlan(tx, userId, planId);
  });
  return membershipTerms(db, userId);
}

/** Drops a scheduled plan change before the renewal applies it. */
export async function cancelPlanChange(db: Database, userId: string): Promise<MembershipTerms> {
  await db.transaction(async (tx) => {
    const { terms } = await lockForChange(tx, userId);
    if (!terms?.scheduledPlan) throw conflict(messages.noPlanChange);
    await saveScheduledPlan(tx, userId, null);
  });
  return membershipTerms(db, userId);
}

function termsView(user: UserRow, terms: StoredTerms | null): MembershipTerms {
  // Only a membership still running has a cancellation to show or a plan change to come.
  if (!terms || user.subscriptionStatus !== 'active') return { cancellation: null, planChange: null };
  const renewsAt = user.nextSubscriptionRenewDate;
  return {
    cancellation: terms.cancelAt && {
      endsAt: terms.cancelAt.toISOString(),
      endsOn: formatCentralDay(terms.cancelAt),
      cancelledAt: terms.cancelledAt?.toISOString() ?? null,
      method: terms.method,
      reason: terms.reason,
    },
    planChange:
      terms.scheduledPlan && renewsAt
        ? { planId: terms.scheduledPlan, from: renewsAt.toISOString(), summary: planChangeSummary(renewsAt, findPlan(terms.scheduledPlan)) }
        : null,
  };
}

/** The member's cancellation and scheduled plan change. */
export async function membershipTerms(db: Database, userId: string): Promise<MembershipTerms> {
  const user = await findUserById(db, userId);
  if (!user) throw missingAccount();
  return termsView(user, await findMembershipTerms(db, userId));
}

/** The consents to auto-renewal a member gave at their purchases, newest first. */
export async function purchaseConsents(db: Database, userId: string) {
  const rows = await listConsents(db, userId);
  return rows.map((row) => ({
    paymentId: row.paymentId,
    planId: row.planId,
    text: row.termsText,
    version: row.termsVersion,
    ip: row.ip,
    agreedAt: row.agreedAt.toISOString(),
  }));
}
