import { US_CENTRAL, type AnalyticsInterval } from '@app/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';

/** Plan ids whose price is monthly recurring revenue (one-time visits are not). */
export type RecurringPlanIds = readonly string[];

export interface SummaryRow {
  total_users: number;
  active_subscriptions: number;
  revenue_monthly_cents: number;
  signups_last7: number;
}

/**
 * The four numbers of the Analytics card in one round trip: the account and active counts from the
 * row the triggers keep (migration 0008), the recurring amounts through the partial index of 0009.
 */
export async function summaryRow(db: Executor, recurringPlans: RecurringPlanIds): Promise<SummaryRow> {
  const [row] = await queryRows<SummaryRow>(
    db,
    sql`SELECT
      (SELECT total FROM user_counts)::int AS total_users,
      (SELECT active_subscriptions FROM user_counts)::int AS active_subscriptions,
      (SELECT coalesce(sum(subscription_amount_cents), 0) FROM users
        WHERE subscription_status = 'active' AND subscription_plan IN ${recurringPlans})::bigint AS revenue_monthly_cents,
      (SELECT count(*) FROM users WHERE created_at > now() - interval '7 days')::int AS signups_last7`,
  );
  return { ...row!, revenue_monthly_cents: Number(row!.revenue_monthly_cents) };
}

export interface BucketRow {
  start: string;
  signups: number;
  new_memberships: number;
  ended_memberships: number;
  revenue_monthly_cents: number;
  cash_cents: number;
}

/**
 * One row per bucket of America/Chicago days from..to (a week from Monday, a month from the 1st),
 * each figure counted only inside from..to. Everything is first counted per day, so each table is
 * read once. Monthly recurring revenue at a bucket's end is what the recurring payments of its last
 * 30 days brought (decision 019): a running sum over the daily recurring amounts, which needs the
 * 29 days before `from` as well.
 */
export async function seriesRows(
  db: Executor,
  range: { from: string; to: string; interval: AnalyticsInterval },
  recurringPlans: RecurringPlanIds,
): Promise<BucketRow[]> {
  const zone = US_CENTRAL;
  const day = (column: string) => sql.raw(`(${column} AT TIME ZONE '${zone}')::date`);
  const endedAt = 'coalesce(u.subscription_cancelled_date, u.subscription_end_date)';
  return queryRows<BucketRow>(
    db,
    sql`WITH bounds AS (
        SELECT ${range.from}::date AS first_day,
               (${range.from}::date - 29)::timestamp AT TIME ZONE ${zone} AS window_lower,
               (${range.from}::date)::timestamp AT TIME ZONE ${zone} AS lower,
               (${range.to}::date + 1)::timestamp AT TIME ZONE ${zone} AS upper
      ),
      days AS (
        SELECT d::date AS day FROM bounds, generate_series(bounds.first_day - 29, ${range.to}::date, interval '1 day') AS d
      ),
      signups AS (
        SELECT ${day('u.created_at')} AS day, count(*) AS n
        FROM users u, bounds WHERE u.created_at >= bounds.lower AND u.created_at < bounds.upper GROUP BY 1
      ),
      ended AS (
        SELECT ${day(endedAt)} AS day, count(*) AS n
        FROM users u, bounds
        WHERE u.subscription_status IN ('cancelled', 'expired') AND ${sql.raw(endedAt)} >= bounds.lower AND ${sql.raw(endedAt)} < bounds.upper
        GROUP BY 1
      ),
      paid AS (
        SELECT ${day('p.created_at')} AS day,
               count(*) FILTER (WHERE p.kind = 'checkout' AND p.created_at >= bounds.lower) AS new_memberships,
               sum(p.amount_cents) FILTER (WHERE p.created_at >= bounds.lower) AS cash,
               sum(p.amount_cents) FILTER (WHERE p.plan_id IN ${recurringPlans}) AS recurring
        FROM payments p, bounds
        WHERE p.status = 'succeeded' AND p.created_at >= bounds.window_lower AND p.created_at < bounds.upper
        GROUP BY 1
      ),
      daily AS (
        SELECT d.day, su.n AS signups, en.n AS ended, pa.new_memberships, pa.cash,
               sum(coalesce(pa.recurring, 0)) OVER (ORDER BY d.day ROWS BETWEEN 29 PRECEDING AND CURRENT ROW) AS revenue_monthly
        FROM days d
        LEFT JOIN signups su ON su.day = d.day
        LEFT JOIN ended en ON en.day = d.day
        LEFT JOIN paid pa ON pa.day = d.day
      )
      SELECT to_char(date_trunc(${range.interval}, daily.day::timestamp), 'YYYY-MM-DD') AS start,
             coalesce(sum(signups), 0)::int AS signups,
             coalesce(sum(new_memberships), 0)::int AS new_memberships,
             coalesce(sum(ended), 0)::int AS ended_memberships,
             ((array_agg(revenue_monthly ORDER BY daily.day DESC))[1])::bigint AS revenue_monthly_cents,
             coalesce(sum(cash), 0)::bigint AS cash_cents
      FROM daily, bounds WHERE daily.day >= bounds.first_day
      GROUP BY 1 ORDER BY 1`,
  );
}
