import {
  PLAN_IDS,
  fromMinorUnits,
  countsAsMonthlyRevenue,
  type AnalyticsSeries,
  type AnalyticsSeriesQuery,
  type AnalyticsSummary,
} from '@app/shared';
import type { Database } from '../../db/client';
import { seriesRows, summaryRow } from './repository';

// The one rule of what is monthly recurring revenue, as the shared code states it.
const RECURRING_PLANS = PLAN_IDS.filter((id) => countsAsMonthlyRevenue(id));

/** The Analytics card's four numbers (docs/product.md, Admin dashboard; definitions in decision 019). */
export async function analyticsSummary(db: Database): Promise<AnalyticsSummary> {
  const row = await summaryRow(db, RECURRING_PLANS);
  return {
    totalUsers: row.total_users,
    activeSubscriptions: row.active_subscriptions,
    revenueMonthly: fromMinorUnits(row.revenue_monthly_cents),
    signupsLast7: row.signups_last7,
  };
}

/** The Analytics card's charts: one bucket per day, week or month of America/Chicago time. */
export async function analyticsSeries(db: Database, query: AnalyticsSeriesQuery): Promise<AnalyticsSeries> {
  const rows = await seriesRows(db, query, RECURRING_PLANS);
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
    })),
  };
}
