import {
  addIsoDays,
  centralDay,
  generateCustomerId,
  messages,
  type AnalyticsSeries,
  type AnalyticsSummary,
  type VisitAnalytics,
  type VisitService,
} from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { payments, users } from '../../db/schema';
import { adminEnv, insertPatient, insertVisitRow, signedInAdmin, signedInClinician, signedInPatient, useTestApp } from '../../test/harness';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('admin analytics', () => {
  const server = useTestApp(adminEnv);
  let adminToken: string;
  beforeAll(async () => {
    adminToken = (await signedInAdmin(server.app)).token;
  });
  const db = () => server.app.ctx.db;

  async function addUser(values: Partial<typeof users.$inferInsert> & { email: string }) {
    const [row] = await db()
      .insert(users)
      .values({ passwordHash: 'not-a-hash', customerId: generateCustomerId(), ...values })
      .returning({ id: users.id });
    return row!.id;
  }
  const addPayment = async (userId: string, values: Partial<typeof payments.$inferInsert> & { createdAt: Date; amountCents: number }) =>
    db()
      .insert(payments)
      .values({ userId, planId: 'individualMonthly', kind: 'checkout', gateway: 'sandbox', status: 'succeeded', ...values });

  const summary = async () => {
    const res = await server.http.get('/api/admin/analytics/summary', adminToken);
    expect(res.status).toBe(200);
    return res.body as AnalyticsSummary;
  };
  const series = async (query: string) => {
    const res = await server.http.get(`/api/admin/analytics/series?${query}`, adminToken);
    expect(res.status, res.text).toBe(200);
    return res.body as AnalyticsSeries;
  };

  it('answers only admins: 401 anonymous, 403 a patient', async () => {
    const { token } = await signedInPatient(server.app);
    for (const url of [
      '/api/admin/analytics/summary',
      '/api/admin/analytics/series?from=2026-01-01&to=2026-01-31',
      '/api/admin/analytics/visits',
    ]) {
      expect((await server.http.get(url)).status).toBe(401);
      expect((await server.http.get(url, token)).status).toBe(403);
    }
  });

  it('counts every account, active memberships, their monthly prices without one-time visits, and the last 7 × 24 hours of sign-ups', async () => {
    const before = await summary();
    const now = Date.now();
    await addUser({
      email: 'mrr-1@analytics.example',
      subscriptionStatus: 'active',
      subscriptionPlan: 'individualMonthly',
      subscriptionAmountCents: 2999,
    });
    await addUser({
      email: 'mrr-2@analytics.example',
      subscriptionStatus: 'active',
      subscriptionPlan: 'familyMonthly',
      subscriptionAmountCents: 4999,
    });
    await addUser({
      email: 'visit@analytics.example',
      subscriptionStatus: 'active',
      subscriptionPlan: 'oneTimeVisit',
      subscriptionAmountCents: 7999,
    });
    await addUser({
      email: 'lapsed@analytics.example',
      subscriptionStatus: 'past_due',
      subscriptionPlan: 'individualMonthly',
      subscriptionAmountCents: 2999,
    });
    await addUser({ email: 'old@analytics.example', createdAt: new Date(now - 7 * DAY - HOUR) });
    await addUser({ email: 'recent@analytics.example', createdAt: new Date(now - 7 * DAY + HOUR) });

    const after = await summary();
    expect(after.totalUsers - before.totalUsers).toBe(6);
    expect(after.activeSubscriptions - before.activeSubscriptions).toBe(3);
    // 29.99 + 49.99: the visit is a single sale and the past-due membership is not active.
    expect(Math.round((after.revenueMonthly - before.revenueMonthly) * 100)).toBe(7998);
    // Four created now and one 7 days less an hour ago; the one 7 days and an hour ago is out.
    expect(after.signupsLast7 - before.signupsLast7).toBe(5);
  });

  it("compares each summary figure with 30 days ago by the series' rule, and sign-ups with the 7 × 24 hours before", async () => {
    const before = await summary();
    const now = Date.now();
    const ago = (days: number) => new Date(now - days * DAY);
    expect(before.previous.day).toBe(addIsoDays(centralDay(new Date(now)), -30));
    // Created 31 days ago: an account then; created 10 days ago: in the 7 days before the last 7.
    const old = await addUser({ email: 'then@analytics.example', createdAt: ago(31) });
    await addUser({ email: 'week-before@analytics.example', createdAt: ago(10) });
    // Paid 45 days ago: a monthly term and a one-time visit that cover the day 30 days ago. Paid 70 days ago:
    // a term that had ended by then. A visit bought by itself is no membership.
    await addPayment(old, { createdAt: ago(45), amountCents: 4999, planId: 'familyMonthly' });
    await addPayment(old, { createdAt: ago(45), amountCents: 7999, planId: 'oneTimeVisit' });
    await addPayment(old, { createdAt: ago(70), amountCents: 2999 });
    await addPayment(old, { createdAt: ago(45), amountCents: 4900, planId: 'urgent-care', kind: 'visit' });

    const after = await summary();
    expect(after.previous.totalUsers - before.previous.totalUsers).toBe(1);
    expect(after.previous.signupsLast7 - before.previous.signupsLast7).toBe(1);
    expect(after.previous.activeSubscriptions - before.previous.activeSubscriptions).toBe(2);
    expect(Math.round((after.previous.revenueMonthly - before.previous.revenueMonthly) * 100)).toBe(4999);
    // The same day's point of the series says the same.
    const [point] = (await series(`from=${after.previous.day}&to=${after.previous.day}`)).buckets;
    expect(point!.revenueMonthly).toBe(after.previous.revenueMonthly);
  });

  it('marks a bucket cut by the range or not over yet as partial', async () => {
    const weeks = await series('from=2025-05-07&to=2025-05-25&interval=week');
    expect(weeks.buckets.map((b) => [b.start, b.partial])).toEqual([
      ['2025-05-05', true],
      ['2025-05-12', false],
      ['2025-05-19', false],
    ]);
    const months = await series('from=2025-04-01&to=2025-05-20&interval=month');
    expect(months.buckets.map((b) => b.partial)).toEqual([false, true]);
    const today = centralDay(new Date());
    const recent = await series(`from=${addIsoDays(today, -1)}&to=${today}&interval=day`);
    expect(recent.buckets.map((b) => b.partial)).toEqual([false, true]);
  });

  it('buckets by America/Chicago day: 05:30 UTC belongs to the day before in winter, 04:30 UTC in summer', async () => {
    for (const at of ['2025-01-15T05:30:00Z', '2025-01-15T06:30:00Z', '2025-07-15T04:30:00Z', '2025-07-15T05:30:00Z']) {
      await addUser({ email: `edge-${at.toLowerCase()}@analytics.example`, createdAt: new Date(at) });
    }
    const winter = await series('from=2025-01-13&to=2025-01-16&interval=day');
    expect(winter.buckets.map((b) => [b.start, b.signups])).toEqual([
      ['2025-01-13', 0],
      ['2025-01-14', 1],
      ['2025-01-15', 1],
      ['2025-01-16', 0],
    ]);
    const summer = await series('from=2025-07-14&to=2025-07-15&interval=day');
    expect(summer.buckets.map((b) => [b.start, b.signups])).toEqual([
      ['2025-07-14', 1],
      ['2025-07-15', 1],
    ]);
  });

  it('groups weeks from Monday and months from the 1st, counting only inside the range', async () => {
    // Wednesday 2025-05-07 and Monday 2025-05-12 (noon in Chicago); 2025-04-30 is before the range.
    for (const at of ['2025-05-07T17:00:00Z', '2025-05-12T17:00:00Z', '2025-04-30T17:00:00Z']) {
      await addUser({ email: `week-${at.toLowerCase()}@analytics.example`, createdAt: new Date(at) });
    }
    const weeks = await series('from=2025-05-01&to=2025-05-18&interval=week');
    expect(weeks.buckets.map((b) => [b.start, b.signups])).toEqual([
      ['2025-04-28', 0],
      ['2025-05-05', 1],
      ['2025-05-12', 1],
    ]);
    const months = await series('from=2025-04-01&to=2025-05-31&interval=month');
    expect(months.buckets.map((b) => [b.start, b.signups])).toEqual([
      ['2025-04-01', 1],
      ['2025-05-01', 2],
    ]);
  });

  it('adds cash from succeeded payments only, new memberships from checkouts, ended memberships, and recurring revenue over 30 days', async () => {
    const member = await addUser({ email: 'ledger@analytics.example', createdAt: new Date('2024-06-01T17:00:00Z') });
    await addPayment(member, { createdAt: new Date('2024-06-03T17:00:00Z'), amountCents: 2999 });
    await addPayment(member, { createdAt: new Date('2024-06-04T17:00:00Z'), amountCents: 2999, status: 'failed' });
    await addPayment(member, { createdAt: new Date('2024-06-05T17:00:00Z'), amountCents: 7999, planId: 'oneTimeVisit' });
    await addPayment(member, { createdAt: new Date('2024-07-03T17:00:00Z'), amountCents: 2999, kind: 'renewal' });
    await addUser({
      email: 'ended@analytics.example',
      createdAt: new Date('2024-05-01T17:00:00Z'),
      subscriptionStatus: 'cancelled',
      subscriptionCancelledDate: new Date('2024-06-04T17:00:00Z'),
    });

    const days = await series('from=2024-06-02&to=2024-08-05&interval=day');
    const on = (day: string) => days.buckets.find((b) => b.start === day)!;
    expect(days.buckets).toHaveLength(65);
    expect(on('2024-06-02')).toMatchObject({ cashCollected: 0, revenueMonthly: 0, newMemberships: 0 });
    expect(on('2024-06-03')).toMatchObject({ cashCollected: 29.99, revenueMonthly: 29.99, newMemberships: 1 });
    expect(on('2024-06-04')).toMatchObject({ cashCollected: 0, endedMemberships: 1 });
    // The one-time visit is cash but never recurring revenue.
    expect(on('2024-06-05')).toMatchObject({ cashCollected: 79.99, revenueMonthly: 29.99, newMemberships: 1 });
    // The renewal replaces the first payment's 30 days: still one membership's price.
    expect(on('2024-07-03')).toMatchObject({ cashCollected: 29.99, revenueMonthly: 29.99, newMemberships: 0 });
    expect(on('2024-08-01')).toMatchObject({ revenueMonthly: 29.99 });
    expect(on('2024-08-02')).toMatchObject({ revenueMonthly: 0 });

    // A payment made before the range still counts towards the range's first days.
    const later = await series('from=2024-06-20&to=2024-06-21&interval=day');
    expect(later.buckets.map((b) => b.revenueMonthly)).toEqual([29.99, 29.99]);
  });

  it('keeps its daily totals equal to a recount through inserts, updates and deletes of accounts and payments', async () => {
    const id = await addUser({
      email: 'churn@analytics.example',
      subscriptionStatus: 'active',
      subscriptionPlan: 'familyMonthly',
      subscriptionAmountCents: 4999,
    });
    const [pending] = await db()
      .insert(payments)
      .values({
        userId: id,
        planId: 'familyMonthly',
        kind: 'checkout',
        gateway: 'sandbox',
        status: 'pending',
        amountCents: 4999,
        createdAt: new Date('2025-02-02T12:00:00Z'),
      })
      .returning({ id: payments.id });
    await db().update(payments).set({ status: 'succeeded' }).where(eq(payments.id, pending!.id));
    await db()
      .update(users)
      .set({ subscriptionStatus: 'cancelled', subscriptionCancelledDate: new Date('2025-03-01T12:00:00Z') })
      .where(eq(users.id, id));
    await db()
      .update(users)
      .set({ subscriptionStatus: 'expired', subscriptionEndDate: new Date('2025-03-05T12:00:00Z'), subscriptionCancelledDate: null })
      .where(eq(users.id, id));
    // Updates the triggers may skip (nothing moves between days) and updates they must not (decision 032).
    await db()
      .update(users)
      .set({ firstName: 'Renamed', subscriptionEndDate: new Date('2025-03-09T12:00:00Z') })
      .where(eq(users.id, id));
    await db()
      .update(users)
      .set({ createdAt: new Date('2025-01-15T12:00:00Z') })
      .where(eq(users.id, id));
    const moved = await addUser({
      email: 'moved@analytics.example',
      subscriptionStatus: 'active',
      subscriptionEndDate: new Date('2025-04-01T12:00:00Z'),
    });
    await db()
      .update(users)
      .set({ subscriptionEndDate: new Date('2025-04-20T12:00:00Z') })
      .where(eq(users.id, moved));
    await db().update(users).set({ subscriptionStatus: 'expired' }).where(eq(users.id, moved));
    await db()
      .update(users)
      .set({ subscriptionEndDate: new Date('2025-04-25T12:00:00Z') })
      .where(eq(users.id, moved));
    await db().update(payments).set({ amountCents: 5999 }).where(eq(payments.id, pending!.id));
    const [refunded] = await db()
      .insert(payments)
      .values({
        userId: id,
        planId: 'individualMonthly',
        kind: 'renewal',
        gateway: 'sandbox',
        status: 'succeeded',
        amountCents: 2999,
        createdAt: new Date('2025-02-03T12:00:00Z'),
      })
      .returning({ id: payments.id });
    await db().update(payments).set({ status: 'failed' }).where(eq(payments.id, refunded!.id));
    const gone = await addUser({
      email: 'gone@analytics.example',
      subscriptionStatus: 'expired',
      subscriptionEndDate: new Date('2025-03-05T12:00:00Z'),
    });
    await addPayment(gone, { createdAt: new Date('2025-02-02T15:00:00Z'), amountCents: 2999 });
    await db().delete(users).where(eq(users.id, gone));

    const kept = await queryRows<Record<string, unknown>>(
      db(),
      sql`SELECT day::text, sum(signups)::int AS signups, sum(ended_memberships)::int AS ended_memberships FROM daily_accounts
          GROUP BY day HAVING sum(signups) <> 0 OR sum(ended_memberships) <> 0 ORDER BY day`,
    );
    const recount = await queryRows<Record<string, unknown>>(
      db(),
      sql`SELECT day::text, sum(s)::int AS signups, sum(e)::int AS ended_memberships FROM (
            SELECT (created_at AT TIME ZONE 'America/Chicago')::date AS day, 1 AS s, 0 AS e FROM users
            UNION ALL
            SELECT (coalesce(subscription_cancelled_date, subscription_end_date) AT TIME ZONE 'America/Chicago')::date, 0, 1 FROM users
            WHERE subscription_status IN ('cancelled', 'expired') AND coalesce(subscription_cancelled_date, subscription_end_date) IS NOT NULL
          ) AS d GROUP BY day ORDER BY day`,
    );
    expect(kept).toEqual(recount);
    const keptPayments = await queryRows<Record<string, unknown>>(
      db(),
      sql`SELECT day::text, plan_id, kind, sum(payments)::int AS payments, sum(amount_cents)::int AS amount_cents FROM daily_payments
          GROUP BY 1, 2, 3 HAVING sum(payments) <> 0 ORDER BY 1, 2, 3`,
    );
    const paymentRecount = await queryRows<Record<string, unknown>>(
      db(),
      sql`SELECT (created_at AT TIME ZONE 'America/Chicago')::date::text AS day, plan_id, kind, count(*)::int AS payments, sum(amount_cents)::int AS amount_cents
          FROM payments WHERE status = 'succeeded' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    expect(keptPayments).toEqual(paymentRecount);
    expect(keptPayments.length).toBeGreaterThan(3);
  });

  // Decision 029: one row per counter made every purchase of the day's plan wait for the one before
  // it to commit. Two connections on different slots must not wait for each other.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'lets two purchases and activations commit side by side without waiting for each other (Postgres)',
    async () => {
      const url = server.app.ctx.config.databaseUrl!;
      const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });
      const todayBucket = async () => (await series(`from=${today}&to=${today}`)).buckets[0]!;
      const before = await summary();
      const bucketBefore = await todayBucket();
      const buyers = [await addUser({ email: 'side-1@analytics.example' }), await addUser({ email: 'side-2@analytics.example' })];
      const connect = async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        const [row] = (await client.query<{ slot: number }>('SELECT counter_slot() AS slot')).rows;
        return { client, slot: row!.slot };
      };
      const first = await connect();
      let second = await connect();
      while (second.slot === first.slot) {
        await second.client.end();
        second = await connect();
      }
      const connections = [first.client, second.client];
      try {
        for (const [i, client] of connections.entries()) {
          await client.query('BEGIN');
          // Waiting for the other transaction's locks fails at once instead of hanging the test.
          await client.query(`SET LOCAL lock_timeout = '1s'`);
          await client.query(
            `INSERT INTO payments (user_id, plan_id, kind, gateway, status, amount_cents) VALUES ($1, 'oneTimeVisit', 'checkout', 'sandbox', 'succeeded', 7999)`,
            [buyers[i]],
          );
          await client.query(`UPDATE users SET subscription_status = 'active', subscription_plan = 'oneTimeVisit' WHERE id = $1`, [
            buyers[i],
          ]);
        }
        for (const client of connections) await client.query('COMMIT');
      } finally {
        await Promise.all(connections.map((client) => client.end()));
      }
      const after = await summary();
      expect(after.totalUsers).toBe(before.totalUsers + 2);
      expect(after.activeSubscriptions).toBe(before.activeSubscriptions + 2);
      const bucketAfter = await todayBucket();
      expect(bucketAfter.newMemberships).toBe(bucketBefore.newMemberships + 2);
      expect(Math.round((bucketAfter.cashCollected - bucketBefore.cashCollected) * 100)).toBe(2 * 7999);
      expect(bucketAfter.signups).toBe(bucketBefore.signups + 2);
    },
  );

  it.each([
    ['from after to', 'from=2026-02-01&to=2026-01-01', messages.analyticsRangeInvalid],
    ['more than three years', 'from=2020-01-01&to=2026-01-01', messages.analyticsRangeInvalid],
    ['not a date', 'from=2026-02-30&to=2026-03-01', messages.dateInvalid],
    ['a missing end', 'from=2026-01-01', null],
    ['an unknown interval', 'from=2026-01-01&to=2026-01-31&interval=hour', null],
  ])('refuses %s with 400', async (_name, query, message) => {
    const res = await server.http.get(`/api/admin/analytics/series?${query}`, adminToken);
    expect(res.status).toBe(400);
    if (message) expect(res.text).toContain(message);
  });

  it.each([
    ['series?from=1969-12-31&to=1970-01-30', 'from'],
    ['series?from=2100-12-01&to=2101-01-01', 'to'],
    ['series?from=9999-12-01&to=9999-12-31', 'from'],
    ['profit?from=0000-01&to=0000-02', 'from'],
    ['profit?from=1969-12&to=1970-01', 'from'],
    ['profit?from=2100-12&to=2101-01', 'to'],
    ['profit?from=9999-01&to=9999-12', 'from'],
  ])('#22 refuses %s, outside 1970 to 2100, with a 400 naming %s', async (query, field) => {
    const res = await server.http.get(`/api/admin/analytics/${query}`, adminToken);
    expect(res.status, query).toBe(400);
    expect(res.body.errors, res.text).toHaveProperty(field);
  });

  it('#22 answers the first and the last days and months it takes', async () => {
    for (const query of [
      'series?from=1970-01-01&to=1970-01-31',
      'series?from=2100-12-01&to=2100-12-31&interval=week',
      'profit?from=1970-01&to=1970-12',
      'profit?from=2100-01&to=2100-12',
    ]) {
      const res = await server.http.get(`/api/admin/analytics/${query}`, adminToken);
      expect(res.status, query).toBe(200);
    }
  });

  it('defaults to daily buckets', async () => {
    const answer = await series('from=2026-01-01&to=2026-01-31');
    expect(answer.interval).toBe('day');
    expect(answer.buckets).toHaveLength(31);
  });

  it('answers the visits of the last 30 days: per day and service, the median and 90th-percentile wait, outcomes and clinicians', async () => {
    const grace = await signedInClinician(server.app, { firstName: 'Grace', lastName: 'Hopper', credentials: 'MD' });
    const ada = await signedInClinician(server.app, { firstName: 'Ada', lastName: 'Lovelace', credentials: 'NP' });
    const { user: patient } = await insertPatient(server.app);
    const now = Date.now();
    const MINUTE = 60_000;
    const requested: { at: Date; service: VisitService }[] = [];
    const visit = async (service: VisitService, requestedAt: Date, values: Parameters<typeof insertVisitRow>[2] = {}) => {
      await insertVisitRow(server.app, patient.id, { service, requestedAt, ...values });
      if (requestedAt.getTime() > now - 29 * DAY) requested.push({ at: requestedAt, service });
    };
    // Ten requests claimed after 1 to 10 minutes: Grace completes six, Ada three, and the patient cancels the last.
    for (let wait = 1; wait <= 10; wait++) {
      const requestedAt = new Date(now - 3 * HOUR - wait * MINUTE);
      const claimedAt = new Date(requestedAt.getTime() + wait * MINUTE);
      const endedAt = new Date(claimedAt.getTime() + 20 * MINUTE);
      const clinicianId = (wait <= 6 ? grace : ada).clinician.userId;
      await visit(wait % 2 === 1 ? 'urgent-care' : 'primary-care', requestedAt, {
        clinicianId: wait === 10 ? null : clinicianId,
        status: wait === 10 ? 'cancelled' : 'completed',
        claimedAt,
        endedAt,
      });
    }
    // Cancelled before any claim yesterday, waiting now: counted per day, never in the wait.
    await visit('womens-health', new Date(now - 26 * HOUR), { status: 'cancelled', endedAt: new Date(now - 26 * HOUR + 5 * MINUTE) });
    await visit('pediatric-care', new Date(now - MINUTE));
    // Forty days ago: outside every figure.
    const old = new Date(now - 40 * DAY);
    await visit('urgent-care', old, {
      status: 'completed',
      clinicianId: grace.clinician.userId,
      claimedAt: new Date(old.getTime() + 1000 * MINUTE),
      endedAt: new Date(old.getTime() + 1010 * MINUTE),
    });

    const res = await server.http.get('/api/admin/analytics/visits', adminToken);
    expect(res.status, res.text).toBe(200);
    const answer = res.body as VisitAnalytics;
    const today = centralDay(new Date(now));
    expect(answer).toMatchObject({ from: addIsoDays(today, -29), to: today, completed: 9, cancelled: 2 });
    expect(answer.wait).toEqual({ claimed: 10, medianMinutes: 5.5, p90Minutes: 9.1 });
    expect(answer.clinicians).toEqual([
      { id: grace.clinician.userId, name: 'Grace Hopper', credentials: 'MD', closed: 6 },
      { id: ada.clinician.userId, name: 'Ada Lovelace', credentials: 'NP', closed: 3 },
    ]);

    expect(answer.days.map((d) => d.day)).toEqual(Array.from({ length: 30 }, (_, i) => addIsoDays(answer.from, i)));
    const expected = new Map<string, number>();
    for (const { at, service } of requested) {
      const key = `${centralDay(at)} ${service}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    const counted = answer.days.flatMap(({ day, byService }) =>
      Object.entries(byService).flatMap(([service, count]) => (count > 0 ? [[`${day} ${service}`, count] as const] : [])),
    );
    expect(new Map(counted)).toEqual(expected);
    expect(counted.reduce((sum, [, count]) => sum + count, 0)).toBe(12);
  });
});
