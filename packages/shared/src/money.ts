import type { PlanId } from './plan-ids';

/**
 * Money is integer minor units (US cents, Indian paise: hundredths of the unit) everywhere inside
 * (database, services, shared types), so sums never drift; the API speaks the unit with two
 * decimals. These helpers are the only conversion and the only formatting, without zod, so the
 * public pages can import them.
 */
/** Whole minor units from an amount of at most 2 decimals (0.1 + 0.2 style noise is rounded away). */
export const toMinorUnits = (amount: number) => Math.round(amount * 100);
export const fromMinorUnits = (minor: number) => Math.round(minor) / 100;
/** Nullable columns stay null at the edge. */
export const fromMinorUnitsOrNull = (minor: number | null) => (minor === null ? null : fromMinorUnits(minor));

/** The currencies an amount may be in: memberships are charged in USD, expenses are kept in USD or INR. */
export const CURRENCIES = ['USD', 'INR'] as const;
export type Currency = (typeof CURRENCIES)[number];
const formats: Record<Currency, Intl.NumberFormat> = {
  USD: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  INR: new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};
/** An amount (in the unit, not minor units) as people read it, to 2 decimals and grouped: '$1,234.50', '₹1,02,345.00'. */
export const formatAmount = (amount: number, currency: Currency) => formats[currency].format(amount);
/** US cents as dollars: '$29.99'. */
export const formatUsd = (cents: number) => formatAmount(fromMinorUnits(cents), 'USD');

/** A one-time visit is a single sale: it never renews, so it never counts as monthly recurring revenue. */
export const countsAsMonthlyRevenue = (plan: PlanId) => plan === 'individualMonthly' || plan === 'familyMonthly';
