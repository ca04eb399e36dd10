/**
 * The membership rules both sides apply, without zod (the public pages import them): how long a
 * paid period lasts and when a membership counts as active.
 */

/** A paid period of a monthly membership: 30 days from the payment. */
export const MEMBERSHIP_TERM_DAYS = 30;

const DAY_MS = 86_400_000;
/** A moment `days` whole (or fractional) days of 24 hours later; negative goes back. */
export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/**
 * Every status a membership goes through (checkout, renewals, one-time visit expiry, an admin's edit),
 * as stored: the database refuses any other value (decision 045).
 */
export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'past_due', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A membership is active when its status is 'active' (docs/product.md, Membership). */
export const isActiveStatus = (status: SubscriptionStatus | null | undefined) => status === 'active';

/**
 * The membership terms (the Terms' cancellation rules): the plan cards, checkout, the Terms page and
 * the server's decisions all read them, so the words and the behaviour cannot disagree.
 */
export const MEMBERSHIP_TERMS = {
  /** Days from purchase before a monthly plan can end, per plan. */
  minimumTermDays: { individualMonthly: 90, familyMonthly: 60 },
  /** A cancellation stops a renewal only when received at least this many days before it. */
  cancelNoticeDays: 30,
  /**
   * The fee for ending a plan before its minimum term: none. A cancellation never ends a plan early (it
   * ends at the first renewal the rules allow), so there is nothing a fee would be charged for.
   */
  earlyCancellationFeeCents: 0,
} as const;

/** The plans a member renews every period, and so can cancel or change between. */
export type MonthlyPlanId = keyof typeof MEMBERSHIP_TERMS.minimumTermDays;
export const isMonthlyPlanId = (id: string | null | undefined): id is MonthlyPlanId =>
  id !== null && id !== undefined && Object.hasOwn(MEMBERSHIP_TERMS.minimumTermDays, id);

/** The shortest minimum term of any plan: the Terms' general rule. */
export const SHORTEST_MINIMUM_TERM_DAYS = Math.min(...Object.values(MEMBERSHIP_TERMS.minimumTermDays));

/** A plan card's line about cancelling, from the terms. */
export const cancelAfterLine = (plan: MonthlyPlanId) => `Cancel anytime after ${MEMBERSHIP_TERMS.minimumTermDays[plan]} days`;

/** What a cancellation made `now` comes to: the renewals still charged, and the day the membership ends. */
export interface CancellationOutcome {
  /** The renewal dates still charged: those within the notice period or the minimum term. */
  charges: Date[];
  endsAt: Date;
}

/**
 * The first renewal the rules let a cancellation stop: at least the notice period from `now`, and
 * no sooner than the minimum term from the purchase. Every renewal before it is still charged.
 */
export function cancellationOutcome(membership: { plan: MonthlyPlanId; startedAt: Date; renewsAt: Date }, now: Date): CancellationOutcome {
  const earliestEnd = Math.max(
    addDays(now, MEMBERSHIP_TERMS.cancelNoticeDays).getTime(),
    addDays(membership.startedAt, MEMBERSHIP_TERMS.minimumTermDays[membership.plan]).getTime(),
  );
  const charges: Date[] = [];
  let endsAt = membership.renewsAt;
  while (endsAt.getTime() < earliestEnd) {
    charges.push(endsAt);
    endsAt = addDays(endsAt, MEMBERSHIP_TERM_DAYS);
  }
  return { charges, endsAt };
}
