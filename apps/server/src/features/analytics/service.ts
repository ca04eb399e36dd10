import {
  PLAN_IDS,
  SUMMARY_COMPARISON_DAYS,
  addIsoDays,
  centralDay,
  fromMinorUnits,
  countsAsMonthlyRevenue,
  lastDayOfMonth,
  type AnalyticsInterval,
  type AnalyticsSeries,
  type AnalyticsSeriesQuery,
  type AnalyticsSummary,
} from '@app/shared';
import type { Database } from '../../db/client';
import { seriesRows, summaryRow } from './repository';

// The one rule of what is monthly recurring revenue, as the shared code states it.
export const RECURRING_PLANS = PLAN_IDS.filter((id) => countsAsMonthlyRevenue(id));

/** The last day of the day, week (from Monday) or month that starts on `start`. */
function bucketEnd(start: string, interval: AnalyticsInterval): string {
  if (interval === 'day') return start;
  if (interval === 'week') return addIsoDays(start, 6);
  return lastDayOfMonth(start.slice(0, 7));
}

/**
 * Whether a bucket's figures cover only part of it: the range starts after its first day or ends before
 * its last, or its last day has not ended yet (America/Chicago), so a chart can mark it.
 */
export function isPartialBucket(bucket: { start: string; end: string }, range: { from: string; to: string }, today: string): boolean {
  return bucket.start < range.from || bucket.end > range.to || bucket.end >= today;
}

/**
 * The Analytics card's four numbers (docs/product.md, Admin dashboard; definitions in decisions 019 and 077),
 * and each one SUMMARY_COMPARISON_DAYS days earlier: the accounts created by the end of that America/Chicago
 * day, and the memberships and monthly recurring revenue of that day by the series' own rule.
 */
export async function analyticsSummary(db: Database): Promise<AnalyticsSummary> {
  const day = addIsoDays(centralDay(new Date()), -SUMMARY_COMPARISON_DAYS);
  const [row, [then]] = await Promise.all([
    summaryRow(db, RECURRING_PLANS, day),
    seriesRows(db, { from: day, to: day, interval: 'day' }, RECURRING_PLANS),
  ]);
  return {
    totalUsers: row.total_users,
    activeSubscriptions: row.active_subscriptions,
    revenueMonthly: fromMinorUnits(row.revenue_monthly_cents),
    signupsLast7: row.signups_last7,
    previous: {
      day,
      totalUsers: row.total_users - row.signups_since_comparison,
      activeSubscriptions: then?.active_memberships ?? 0,
      revenueMonthly: fromMinorUnits(Number(then?.revenue_monthly_cents ?? 0)),
      signupsLast7: row.signups_previous7,
    },
  };
}

/** The Analytics card's charts: one bucket per day, week or month of America/Chicago time. */
export async function analyticsSeries(db: Database, query: AnalyticsSeriesQuery): Promise<AnalyticsSeries> {
  const rows = await seriesRows(db, query, RECURRING_PLANS);
  const today = centralDay(new Date());
  return {
    interval: query.interval,
    from: query.from,
    to: query.to,
    buckets: rows.map((row) => ({
      start: row.start,
      signups: row.signups,
      newMemberships: row.new_memberships,
      endedMemberships: row.ended_memberships,
      revenueMonthly: fromMinorUnits(Number(row.revenue_monthly_cents)),
      cashCollected: fromMinorUnits(Number(row.cash_cents)),
      partial: isPartialBucket({ start: row.start, end: bucketEnd(row.start, query.interval) }, query, today),
    })),
  };
}
