import type { AnalyticsInterval, ClinicianCredential, VisitService } from '@app/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';

/** Plan ids whose price is monthly recurring revenue (one-time visits are not). */
export type RecurringPlanIds = readonly string[];

export interface SummaryRow {
  total_users: number;
  active_subscriptions: number;
  revenue_monthly_cents: number;
  signups_last7: number;
  /** Accounts created on the America/Chicago days after `comparisonDay`, and in the 7 × 24 hours before the last 7. */
  signups_since_comparison: number;
  signups_previous7: number;
}

/**
 * The four numbers of the Analytics card in one round trip: the account and active counts from the
 * slots the triggers keep (migrations 0008, 0012), the recurring amounts through the partial index of 0009,
 * and the sign-ups since the comparison day from the daily totals (a few rows, where counting a month's
 * accounts reads tens of thousands of index entries).
 */
export async function summaryRow(db: Executor, recurringPlans: RecurringPlanIds, comparisonDay: string): Promise<SummaryRow> {
  const [row] = await queryRows<SummaryRow>(
    db,
    sql`SELECT
      (SELECT coalesce(sum(total), 0) FROM user_counts)::int AS total_users,
      (SELECT coalesce(sum(active_subscriptions), 0) FROM user_counts)::int AS active_subscriptions,
      (SELECT coalesce(sum(subscription_amount_cents), 0) FROM users
        WHERE subscription_status = 'active' AND subscription_plan IN ${recurringPlans})::bigint AS revenue_monthly_cents,
      (SELECT count(*) FROM users WHERE created_at > now() - interval '7 days')::int AS signups_last7,
      (SELECT coalesce(sum(signups), 0) FROM daily_accounts WHERE day > ${comparisonDay}::date)::int AS signups_since_comparison,
      (SELECT count(*) FROM users
        WHERE created_at > now() - interval '14 days' AND created_at <= now() - interval '7 days')::int AS signups_previous7`,
  );
  return { ...row!, revenue_monthly_cents: Number(row!.revenue_monthly_cents) };
}

export interface BucketRow {
  start: string;
  signups: number;
  new_memberships: number;
  ended_memberships: number;
  revenue_monthly_cents: number;
  /** Memberships (monthly or a one-time visit) whose paid term covers the bucket's last day. */
  active_memberships: number;
  cash_cents: number;
}

/**
 * One row per bucket of America/Chicago days from..to (a week from Monday, a month from the 1st),
 * each figure counted only inside from..to, read from the daily totals the triggers of migration
 * 0009 keep. A membership counts on the days its paid 30-day term covers (decisions 019, 077): monthly
 * recurring revenue at a bucket's end is what the recurring payments of its last 30 days brought, and
 * the active memberships are the membership payments of those 30 days: running sums over the daily
 * totals, which need the 29 days before `from` as well.
 */
export async function seriesRows(
  db: Executor,
  range: { from: string; to: string; interval: AnalyticsInterval },
  recurringPlans: RecurringPlanIds,
): Promise<BucketRow[]> {
  return queryRows<BucketRow>(
    db,
    sql`WITH days AS (
        SELECT d::date AS day FROM generate_series(${range.from}::date - 29, ${range.to}::date, interval '1 day') AS d
      ),
      paid AS (
        SELECT day,
               sum(payments) FILTER (WHERE kind = 'checkout') AS new_memberships,
               sum(amount_cents) AS cash,
               sum(amount_cents) FILTER (WHERE plan_id IN ${recurringPlans}) AS recurring,
               sum(payments) FILTER (WHERE kind IN ('checkout', 'renewal')) AS membership_payments
        FROM daily_payments WHERE day BETWEEN ${range.from}::date - 29 AND ${range.to}::date GROUP BY day
      ),
      daily AS (
        SELECT d.day, a.signups, a.ended_memberships, p.new_memberships, p.cash,
               sum(coalesce(p.recurring, 0)) OVER term AS revenue_monthly,
               sum(coalesce(p.membership_payments, 0)) OVER term AS active_memberships
        FROM days d
        LEFT JOIN (
          SELECT day, sum(signups) AS signups, sum(ended_memberships) AS ended_memberships
          FROM daily_accounts WHERE day BETWEEN ${range.from}::date AND ${range.to}::date GROUP BY day
        ) a ON a.day = d.day
        LEFT JOIN paid p ON p.day = d.day
        WINDOW term AS (ORDER BY d.day ROWS BETWEEN 29 PRECEDING AND CURRENT ROW)
      )
      SELECT to_char(date_trunc(${range.interval}, day::timestamp), 'YYYY-MM-DD') AS start,
             coalesce(sum(signups), 0)::int AS signups,
             coalesce(sum(new_memberships), 0)::int AS new_memberships,
             coalesce(sum(ended_memberships), 0)::int AS ended_memberships,
             ((array_agg(revenue_monthly ORDER BY day DESC))[1])::bigint AS revenue_monthly_cents,
             ((array_agg(active_memberships ORDER BY day DESC))[1])::int AS active_memberships,
             coalesce(sum(cash), 0)::bigint AS cash_cents
      FROM daily WHERE day >= ${range.from}::date
      GROUP BY 1 ORDER BY 1`,
  );
}

/** America/Chicago days from..to, both included, as the instants they span: [start, end). */
const centralSpan = (range: { from: string; to: string }) => ({
  start: sql`(${range.from}::date::timestamp AT TIME ZONE 'America/Chicago')`,
  end: sql`((${range.to}::date + 1)::timestamp AT TIME ZONE 'America/Chicago')`,
});

export interface VisitDayRow {
  day: string;
  service: VisitService;
  visits: number;
}

/** Visits requested per America/Chicago day and service in from..to; days without any are absent. */
export async function visitsPerDay(db: Executor, range: { from: string; to: string }): Promise<VisitDayRow[]> {
  const { start, end } = centralSpan(range);
  return queryRows<VisitDayRow>(
    db,
    sql`SELECT to_char(requested_at AT TIME ZONE 'America/Chicago', 'YYYY-MM-DD') AS day, service, count(*)::int AS visits
        FROM visits WHERE requested_at >= ${start} AND requested_at < ${end}
        GROUP BY 1, 2 ORDER BY 1, 2`,
  );
}

export interface VisitFiguresRow {
  claimed: number;
  median_wait_minutes: number | null;
  p90_wait_minutes: number | null;
  completed: number;
  cancelled: number;
}

/**
 * The wait from request to claim (median and 90th percentile, interpolated) over the requests of
 * from..to that a clinician holds or held, and the visits that ended in from..to, completed or
 * cancelled (a cancellation without an end time counts on its request's day).
 */
export async function visitFigures(db: Executor, range: { from: string; to: string }): Promise<VisitFiguresRow> {
  const { start, end } = centralSpan(range);
  const [row] = await queryRows<VisitFiguresRow>(
    db,
    sql`WITH waits AS (
        SELECT extract(epoch FROM claimed_at - requested_at)::float8 / 60 AS minutes
        FROM visits WHERE claimed_at IS NOT NULL AND requested_at >= ${start} AND requested_at < ${end}
      ),
      ended AS (
        SELECT status FROM visits
        WHERE status IN ('completed', 'cancelled')
          AND coalesce(ended_at, requested_at) >= ${start} AND coalesce(ended_at, requested_at) < ${end}
      )
      SELECT
        (SELECT count(*) FROM waits)::int AS claimed,
        (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY minutes) FROM waits) AS median_wait_minutes,
        (SELECT percentile_cont(0.9) WITHIN GROUP (ORDER BY minutes) FROM waits) AS p90_wait_minutes,
        (SELECT count(*) FROM ended WHERE status = 'completed')::int AS completed,
        (SELECT count(*) FROM ended WHERE status = 'cancelled')::int AS cancelled`,
  );
  return row!;
}

export interface ClinicianClosedRow {
  id: string;
  first_name: string;
  last_name: string;
  credentials: ClinicianCredential;
  closed: number;
}

/** The visits each clinician completed in from..to, most first, then by name. */
export async function visitsClosedByClinician(db: Executor, range: { from: string; to: string }): Promise<ClinicianClosedRow[]> {
  const { start, end } = centralSpan(range);
  return queryRows<ClinicianClosedRow>(
    db,
    sql`SELECT c.user_id AS id, u.first_name, u.last_name, c.credentials, count(*)::int AS closed
        FROM visits v
        JOIN clinicians c ON c.user_id = v.clinician_id
        JOIN users u ON u.id = c.user_id
        WHERE v.status = 'completed' AND v.ended_at >= ${start} AND v.ended_at < ${end}
        GROUP BY c.user_id, u.first_name, u.last_name, c.credentials
        ORDER BY closed DESC, u.last_name, u.first_name, c.user_id`,
  );
}
