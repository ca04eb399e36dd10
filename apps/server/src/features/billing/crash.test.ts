import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { checkoutBody, signedInPatient } from '../../test/harness';

const serverUrl = process.env.TEST_DATABASE_URL;
const root = resolve(__dirname, '../../../../..');
const port = 41_000 + Math.floor(Math.random() * 2_000);

/** Polls `probe` until it returns a value, or fails after `ms`. */
async function until<T>(what: string, probe: () => Promise<T | null | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

describe.skipIf(!serverUrl)('a server killed between the charge and the commit (runs only with TEST_DATABASE_URL)', () => {
  const database = `test_crash_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'telehealth-crash-'));
  let url = '';
  let db: pg.Client;
  let child: ChildProcess | null = null;
  const env = (extra: Record<string, string>) => ({
    ...process.env,
    DATABASE_URL: url,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    CAPTCHA: 'off',
    GEO_RESTRICT: 'off',
    JWT_SECRET: 'crash-test-secret-that-is-long-enough-0123456789',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...extra,
  });
  const start = async (extra: Record<string, string>) => {
    // Its own process group, so that SIGKILL reaches the server behind npx and tsx.
    child = spawn('npx', ['tsx', 'apps/server/src/server.ts'], { cwd: root, env: env(extra), stdio: 'ignore', detached: true });
    await until('the server to listen', async () => (await fetch(`http://127.0.0.1:${port}/api/plans`)).ok, 90_000);
  };
  const kill = () => {
    if (child?.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  };
  const query = async <T>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as T[];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${database}"`);
    await admin.end();
    const u = new URL(serverUrl!);
    u.pathname = `/${database}`;
    url = u.toString();
    db = new pg.Client({ connectionString: url });
    await db.connect();
  }, 30_000);

  afterAll(async () => {
    kill();
    await db?.end();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('settles the charge after a restart: membership active, one charge, a receipt in the outbox, the key replays the outcome', async () => {
    // The patient is made by an in-process app on the same database (it also applies the migrations).
    const setup = await buildApp(loadConfig(env({})), { webDist: null });
    const { user, token } = await signedInPatient(setup);
    await setup.close();
    const id = user.id as string;
    const key = randomUUID();
    const checkout = () =>
      fetch(`http://127.0.0.1:${port}/api/users/${id}/subscription`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
        body: JSON.stringify(checkoutBody()),
      });

    // The gateway records the charge, then takes 30 s to answer: the server is killed in between.
    await start({ SANDBOX_GATEWAY_LATENCY_MS: '30000' });
    const dying = checkout().catch(() => null);
    await until('the gateway to record the charge', async () => (await query(`SELECT 1 FROM sandbox_gateway_charges`)).length > 0);
    kill();
    await dying;
    await until('the server to exit', async () => child!.exitCode !== null || child!.signalCode !== null);
    await until('the port to close', async () => !(await fetch(`http://127.0.0.1:${port}/api/plans`).then(() => true, () => false)));
    expect(await query(`SELECT status FROM payments WHERE user_id = $1`, [id])).toEqual([{ status: 'pending' }]);

    // The restarted server reconciles at start (threshold 0 here, a minute by default).
    await start({ PAYMENT_RECONCILE_AFTER_MS: '0' });
    await until('reconciliation', async () => (await query(`SELECT 1 FROM payments WHERE user_id = $1 AND status <> 'pending'`, [id])).length > 0, 30_000);
    expect(await query(`SELECT status, amount_cents FROM payments WHERE user_id = $1`, [id])).toEqual([{ status: 'succeeded', amount_cents: 2999 }]);
    expect(await query(`SELECT subscription_status FROM users WHERE id = $1`, [id])).toEqual([{ subscription_status: 'active' }]);
    expect(await query(`SELECT 1 FROM sandbox_gateway_charges WHERE voided_at IS NULL`)).toHaveLength(1);
    expect(await query(`SELECT kind FROM mail_outbox WHERE kind = 'receipt'`)).toHaveLength(1);

    const replay = await checkout();
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(((await replay.json()) as { user: { subscriptionStatus: string } }).user.subscriptionStatus).toBe('active');
    expect(await query(`SELECT 1 FROM sandbox_gateway_charges`)).toHaveLength(1);
    kill();
  }, 240_000);
});
