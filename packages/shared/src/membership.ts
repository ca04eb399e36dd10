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
