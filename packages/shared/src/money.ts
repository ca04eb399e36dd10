import { normalizePlanId } from './plan-ids';

/**
 * Money is integer cents everywhere inside (database, services, shared types), so sums never drift;
 * the API speaks dollars with two decimals. These two helpers are the only conversion.
 */
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);
export const centsToDollars = (cents: number) => Math.round(cents) / 100;
/** Nullable columns stay null at the edge. */
export const centsToDollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

export const formatUsd = (cents: number) => `$${centsToDollars(cents).toFixed(2)}`;

/** A one-time visit is a single sale: it never renews, so it never counts as monthly recurring revenue. */
export function countsAsMonthlyRevenue(plan: string | null | undefined): boolean {
  const id = plan ? normalizePlanId(plan) : null;
  return id === 'individualMonthly' || id === 'familyMonthly';
}
