import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, payments, sandboxGatewayCharges, users } from './db/schema';
import { checkoutBody, eventually, signedInPatient } from './test/harness';
import { call, type Instance } from './test/instances';
import { useInstancesOnOnePostgres } from './test/instances-on-postgres';

/**
 * Two server processes on one Postgres database: what must hold across instances is enforced in the
 * database, not in a process's memory. An in-process app on the same database signs patients up and
 * reads the tables.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two server instances on one Postgres (TEST_DATABASE_URL only)', () => {
  const cluster = useInstancesOnOnePostgres();
  const start = cluster.start;

  const pay = (instance: Instance, userId: string, token: string, key = randomUUID()) =>
    call(instance.url, 'PUT', `/api/users/${userId}/subscription`, checkoutBody(), {
      authorization: `Bearer ${token}`,
      'idempotency-key': key,
    });

  it('#26 charges once for 20 parallel checkouts with 20 keys, split across both instances', async () => {
    const [a, b] = [await start(), await start()];
    const { user, token } = await signedInPatient(cluster.helper);
    const userId = user.id as string;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => pay(i % 2 ? a : b, userId, token)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    const ledger = await cluster.helper.ctx.db.select().from(payments).where(eq(payments.userId, userId));
    expect(ledger.map((p) => p.status)).toEqual(['succeeded']);
    const charges = await cluster.helper.ctx.db
      .select()
      .from(sandboxGatewayCharges)
      .where(like(sandboxGatewayCharges.idempotencyKey, `checkout:${userId}:%`));
    expect(charges).toHaveLength(1);
  });

  it('#5 shares the sign-in limit: 10 wrong passwords spread over both instances lock the account+address on each', async () => {
    const [a, b] = cluster.running;
    const { body } = await signedInPatient(cluster.helper);
    for (let i = 0; i < 10; i++) {
      const res = await call((i % 2 ? a : b)!.url, 'POST', '/api/auth/login', { email: body.email, password: 'Wr0ng!pass' });
      expect(res.status).toBe(401);
    }
    for (const instance of [a!, b!]) {
      expect((await call(instance.url, 'POST', '/api/auth/login', { email: body.email, password: body.password })).status).toBe(429);
    }
  });

  it('#26 settles a checkout whose server was killed between charge and commit exactly once, when two instances start together; the key replays the outcome', async () => {
    const dying = await start(cluster.holdCharges().env);
    const { user, token } = await signedInPatient(cluster.helper);
    const userId = user.id as string;
    const key = randomUUID();
    void pay(dying, userId, token, key).catch(() => undefined);
    // The gateway has charged; the instance is still waiting for its answer when it dies.
    await eventually(
      'the gateway to record the charge',
      async () => {
        const charged = await cluster.helper.ctx.db
          .select()
          .from(sandboxGatewayCharges)
          .where(eq(sandboxGatewayCharges.idempotencyKey, `checkout:${userId}:${key}`));
        return charged[0];
      },
      30_000,
    );
    dying.kill();
    expect((await cluster.helper.ctx.db.select().from(payments).where(eq(payments.userId, userId))).map((p) => p.status)).toEqual([
      'pending',
    ]);

    await Promise.all([start({ PAYMENT_RECONCILE_AFTER_MS: '0' }), start({ PAYMENT_RECONCILE_AFTER_MS: '0' })]);
    const ledger = await eventually(
      'reconciliation',
      async () => {
        const rows = await cluster.helper.ctx.db.select().from(payments).where(eq(payments.userId, userId));
        return rows.some((p) => p.status !== 'pending') ? rows : undefined;
      },
      30_000,
    );
    expect(ledger.map((p) => [p.status, p.amountCents])).toEqual([['succeeded', 2999]]);
    const [row] = await cluster.helper.ctx.db.select().from(users).where(eq(users.id, userId));
    expect(row?.subscriptionStatus).toBe('active');
    // Give the other instance time to run its own reconciliation too: it must find nothing left to do.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const receipts = await cluster.helper.ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, row!.email), eq(mailOutbox.kind, 'receipt')));
    expect(receipts).toHaveLength(1);
    const replay = await pay(cluster.running.at(-1)!, userId, token, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((replay.body.user as { subscriptionStatus: string }).subscriptionStatus).toBe('active');
    const charges = await cluster.helper.ctx.db
      .select()
      .from(sandboxGatewayCharges)
      .where(like(sandboxGatewayCharges.idempotencyKey, `checkout:${userId}:%`));
    expect(charges.map((c) => c.voidedAt)).toEqual([null]);
  });
});
