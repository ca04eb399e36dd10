import { randomUUID } from 'node:crypto';
import { addDays } from '@app/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { memberships } from '../db/schema';
import { runBillingJobs } from '../features/billing';
import { useTestApp } from '../test/harness';
import { startSchedule } from './schedule';

const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('a scheduled job told to stop', () => {
  it('sees its signal aborted, and the stop waits for the run under way', async () => {
    let finish = () => undefined as void;
    let seen: AbortSignal | null = null;
    let finished = false;
    const stop = startSchedule(
      log,
      'test',
      async (signal) => {
        seen = signal;
        await new Promise<void>((resolve) => (finish = resolve));
        finished = true;
      },
      60_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(seen!.aborted).toBe(false);
    const stopped = stop();
    expect(seen!.aborted).toBe(true);
    finish();
    await stopped;
    expect(finished).toBe(true);
  });
});

describe('the billing jobs, stopping', () => {
  const server = useTestApp();

  it('claim no batch once the server is stopping, and leave it to the next run', async () => {
    const due = new Date(Date.now() - 60_000);
    const [member] = await queryRows<{ id: string }>(
      server.app.ctx.db,
      sql`INSERT INTO users (email, password_hash, first_name, last_name, customer_id, verified, subscription_status, subscription_plan,
          subscription_amount_cents, subscription_start_date, next_subscription_renew_date, subscription_end_date)
        VALUES (${`stopping-${randomUUID()}@example.com`}, 'x', 'Stopping', 'Member', ${`CONS-S-${randomUUID()}`}, true, 'active',
          'individualMonthly', 2999, ${addDays(due, -30).toISOString()}::timestamptz, ${due.toISOString()}::timestamptz, ${due.toISOString()}::timestamptz)
        RETURNING id`,
    );
    await server.app.ctx.db.insert(memberships).values({ userId: member!.id, gatewayToken: 'sbx_pm_stopping', nextChargeAt: due });
    const stopping = await runBillingJobs({ ...server.app.ctx, signal: AbortSignal.abort() });
    expect(stopping).toEqual({ renewed: 0, declined: 0, expired: 0, skipped: 0, voided: 0, cancelled: 0 });
    expect(await runBillingJobs(server.app.ctx)).toMatchObject({ renewed: 1 });
  });
});
