import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { queryRows } from '../../db/client';
import { memberships, payments } from '../../db/schema';
import { enqueueMails } from '../mail';
import { addDays } from '@app/shared';
import { api, checkoutBody, createTestConfig, eventually, signedInPatient, useTestApp } from '../../test/harness';

/** The value of one sample of the Prometheus text: the metric's name and labels, as many as given. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    const found = new Map([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]));
    if (Object.entries(labels).every(([key, value]) => found.get(key) === value)) return Number(match[3]);
  }
  return undefined;
}

const scrape = async (app: App) => {
  const res = await app.metricsServer!.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};

describe('without METRICS_PORT', () => {
  const server = useTestApp();

  it('serves no metrics, on the site or elsewhere', async () => {
    expect(server.app.metricsServer).toBeNull();
    expect((await server.http.get('/metrics')).text).not.toMatch(/http_request_duration_seconds/);
  });
});

describe('GET /metrics on METRICS_PORT', () => {
  const server = useTestApp({ METRICS_PORT: '0' });

  it('is served on its own port, not on the site', async () => {
    expect((await server.http.get('/metrics')).text).not.toMatch(/http_request_duration_seconds/);
    const text = await scrape(server.app);
    // The default metrics: the event loop's lag among them.
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    // Streams counted from the app's own registry (lib/live/event-stream.test.ts opens some).
    expect(sample(text, 'live_event_streams_open')).toBe(0);
  });

  it('times requests by route pattern and status, never by the URL', async () => {
    const id = randomUUID();
    expect((await server.http.get(`/api/admin/users/${id}/audit`)).status).toBe(401);
    await server.http.get('/health/live');
    await server.http.get(`/no-such-page-${id}?token=secret`);
    const text = await scrape(server.app);
    expect(
      sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/admin/users/:id/audit', status_code: '401' }),
    ).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/health/live', status_code: '200' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(id);
    expect(text).not.toContain('secret');
  });

  it('counts charges by outcome, and reads the outbox and the payments awaiting reconciliation when scraped', async () => {
    const pay = async (cardNumber: string) => {
      const { user, token } = await signedInPatient(server.app);
      const userId = user.id as string;
      await api(server.app).put(`/api/users/${userId}/subscription`, checkoutBody({ card: { cardNumber } }), token, {
        'idempotency-key': randomUUID(),
      });
      return userId;
    };
    await pay('4242424242424242');
    const declined = await pay('4000000000000002');
    // An attempt whose server died before it settled, older than PAYMENT_RECONCILE_AFTER_MS.
    await server.app.ctx.db.insert(payments).values({
      userId: declined,
      planId: 'individualMonthly',
      kind: 'checkout',
      status: 'pending',
      amountCents: 2999,
      gateway: 'sandbox',
      createdAt: new Date(Date.now() - 10 * 60_000),
    });
    // A notice due in an hour: it waits in the outbox.
    const letter = { greeting: 'Hello', paragraphs: ['Later.'] };
    await enqueueMails(
      server.app.ctx.db,
      [{ to: 'later@example.com', subject: 'Later', letter, kind: 'notice' }],
      new Date(Date.now() + 3_600_000),
    );
    const text = await scrape(server.app);
    expect(sample(text, 'payments_total', { source: 'checkout', outcome: 'approved' })).toBe(1);
    expect(sample(text, 'payments_total', { source: 'checkout', outcome: 'declined', decline_code: 'card_declined' })).toBe(1);
    expect(sample(text, 'payments_awaiting_reconciliation')).toBe(1);
    expect(sample(text, 'mail_outbox_backlog')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    if (server.app.ctx.config.databaseUrl) expect(sample(text, 'db_pool_connections', { pool: 'main', state: 'open' })).toBeGreaterThan(0);
  });

  it('counts the audit rows it could not append', async () => {
    const { token } = await signedInPatient(server.app);
    await server.app.ctx.db.execute(sql`ALTER TABLE audit_log RENAME TO audit_log_away`);
    try {
      expect((await server.http.get('/api/users/me', token)).status).toBe(200);
      await eventually('the failed append to be counted', async () =>
        sample(await scrape(server.app), 'audit_write_failures_total') === 1 ? true : undefined,
      );
    } finally {
      await server.app.ctx.db.execute(sql`ALTER TABLE audit_log_away RENAME TO audit_log`);
    }
  });
});

describe('renewal runs, with the jobs running', () => {
  let app: App;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const test = await createTestConfig({ METRICS_PORT: '0' }, { persistent: true });
    drop = test.drop;
    // A membership due now, in the database before the jobs start.
    const seeding = await buildApp(test.config, { webDist: null });
    try {
      const due = new Date(Date.now() - 60_000);
      const [member] = await queryRows<{ id: string }>(
        seeding.ctx.db,
        sql`INSERT INTO users (email, password_hash, first_name, last_name, customer_id, verified, subscription_status, subscription_plan,
            subscription_amount_cents, subscription_start_date, next_subscription_renew_date, subscription_end_date)
          VALUES (${`renewing-${randomUUID()}@example.com`}, 'x', 'Renewing', 'Member', ${`CONS-R-${randomUUID()}`}, true, 'active',
            'individualMonthly', 2999, ${addDays(due, -30).toISOString()}::timestamptz, ${due.toISOString()}::timestamptz, ${due.toISOString()}::timestamptz)
          RETURNING id`,
      );
      await seeding.ctx.db.insert(memberships).values({ userId: member!.id, gatewayToken: 'sbx_pm_metrics', nextChargeAt: due });
    } finally {
      await seeding.close();
    }
    app = await buildApp(test.config, { webDist: null, startWorkers: true });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('counts each run, the memberships it charged and the charges it asked for', async () => {
    const text = await eventually('a renewal run', async () => {
      const scraped = await scrape(app);
      return sample(scraped, 'renewal_runs_total', { result: 'completed' }) === 1 ? scraped : undefined;
    });
    expect(sample(text, 'renewals_total', { outcome: 'charged' })).toBe(1);
    expect(sample(text, 'renewals_total', { outcome: 'declined' })).toBe(0);
    expect(sample(text, 'payments_total', { source: 'renewal', outcome: 'approved' })).toBe(1);
  });
});
