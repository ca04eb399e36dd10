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
 * each figure counted only inside from..to. Monthly recurring revenue at a bucket's end is what the
 * recurring payments of the 30 days before it bring (decision 019): each such payment adds its
 * amount when it succeeds and takes it away 30 days later, and a running sum of those steps gives
 * every bucket's figure in one pass.
 */
export async function seriesRows(
  db: Executor,
  range: { from: string; to: string; interval: AnalyticsInterval },
  recurringPlans: RecurringPlanIds,
): Promise<BucketRow[]> {
  const zone = US_CENTRAL;
  const unit = range.interval;
  const step = sql.raw(`'1 ${unit}'::interval`);
  const local = (column: string) => sql.raw(`date_trunc('${unit}', ${column} AT TIME ZONE '${zone}')`);
  return queryRows<BucketRow>(
    db,
    sql`WITH bounds AS (
        SELECT (${range.from}::date)::timestamp AT TIME ZONE ${zone} AS lower,
               ((${range.to}::date + 1)::timestamp) AT TIME ZONE ${zone} AS upper
      ),
      buckets AS (
        SELECT b AS start FROM generate_series(date_trunc(${unit}, ${range.from}::date::timestamp), ${range.to}::date::timestamp, ${step}) AS b
      ),
      signups AS (
        SELECT ${local('u.created_at')} AS start, count(*) AS n
        FROM users u, bounds WHERE u.created_at >= bounds.lower AND u.created_at < bounds.upper GROUP BY 1
      ),
      ended AS (
        SELECT ${local('coalesce(u.subscription_cancelled_date, u.subscription_end_date)')} AS start, count(*) AS n
        FROM users u, bounds
        WHERE u.subscription_status IN ('cancelled', 'expired')
          AND coalesce(u.subscription_cancelled_date, u.subscription_end_date) >= bounds.lower
          AND coalesce(u.subscription_cancelled_date, u.subscription_end_date) < bounds.upper
        GROUP BY 1
      ),
      paid AS (
        SELECT ${local('p.created_at')} AS start,
               count(*) FILTER (WHERE p.kind = 'checkout') AS new_memberships,
               sum(p.amount_cents) AS cash
        FROM payments p, bounds
        WHERE p.status = 'succeeded' AND p.created_at >= bounds.lower AND p.created_at < bounds.upper
        GROUP BY 1
      ),
      recurring_steps AS (
        SELECT p.created_at AS at, p.amount_cents AS delta
        FROM payments p, bounds
        WHERE p.status = 'succeeded' AND p.plan_id IN ${recurringPlans}
          AND p.created_at > bounds.lower - interval '30 days' AND p.created_at < bounds.upper
        UNION ALL
        SELECT p.created_at + interval '30 days', -p.amount_cents
        FROM payments p, bounds
        WHERE p.status = 'succeeded' AND p.plan_id IN ${recurringPlans}
          AND p.created_at > bounds.lower - interval '30 days' AND p.created_at < bounds.upper - interval '30 days'
      ),
      steps AS (
        -- Steps before the first bucket count towards it: the running sum starts from them.
        SELECT greatest(${local('s.at')}, (SELECT min(start) FROM buckets)) AS start, sum(s.delta) AS delta
        FROM recurring_steps s, bounds WHERE s.at < bounds.upper GROUP BY 1
      )
      SELECT to_char(b.start, 'YYYY-MM-DD') AS start,
             coalesce(su.n, 0)::int AS signups,
             coalesce(pa.new_memberships, 0)::int AS new_memberships,
             coalesce(en.n, 0)::int AS ended_memberships,
             (sum(coalesce(st.delta, 0)) OVER (ORDER BY b.start))::bigint AS revenue_monthly_cents,
             coalesce(pa.cash, 0)::bigint AS cash_cents
      FROM buckets b
      LEFT JOIN signups su ON su.start = b.start
      LEFT JOIN ended en ON en.start = b.start
      LEFT JOIN paid pa ON pa.start = b.start
      LEFT JOIN steps st ON st.start = b.start
      ORDER BY b.start`,
  );
}
