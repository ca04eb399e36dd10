import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCustomerId, PLAN_IDS, SUBSCRIPTION_STATUSES, type PlanId, type SubscriptionStatus } from '@app/shared';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { checkAuditChain, recordAudits, useAuditKey } from '../features/audit/service';
import { adminQuery, databaseUrl } from '../test/migrated-template';
import { openDatabase, PGLITE_IN_MEMORY, queryRows, type DatabaseHandle } from './client';

const migrations = fileURLToPath(new URL('./migrations', import.meta.url));
const made: string[] = [];
const dropped: string[] = [];
afterEach(async () => {
  made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  for (const database of dropped.splice(0))
    await adminQuery(process.env.TEST_DATABASE_URL!, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
});
afterAll(() => rmSync(sqlFolder, { recursive: true, force: true }));
// A test here builds whole databases and runs migrations over them: more than a request's test budget.
vi.setConfig({ testTimeout: 120_000 });

/** The migrations folder as an older release had it: its journal ends at migration `last`. */
const sqlFolder = mkdtempSync(join(tmpdir(), 'migrations-sql-'));
function migrationsUpTo(last: number): string {
  const folder = join(sqlFolder, String(last));
  cpSync(migrations, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx <= last) }));
  return folder;
}

/** The releases the tests start from, by their last migration. */
const OLDER_RELEASES = [10, 11, 16, 17];
let olderReleases: Promise<Map<number, Blob>> | undefined;
/**
 * The data directory of a database as each older release left it, made once for the file: one initdb
 * (most of the cost of a database), migrated release by release and dumped after each.
 */
function olderReleaseDataDirs() {
  olderReleases ??= (async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    try {
      const dumps = new Map<number, Blob>();
      for (const last of OLDER_RELEASES) {
        await migrate(drizzle(client), { migrationsFolder: migrationsUpTo(last) });
        dumps.set(last, await client.dumpDataDir('none'));
      }
      return dumps;
    } finally {
      await client.close();
    }
  })();
  return olderReleases;
}

/** A database of its own migrated up to and including migration `last`, the way an older release left it. */
async function databaseAt(last: number): Promise<{ dir: string; client: PGlite }> {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-db-'));
  made.push(dir);
  const loadDataDir = (await olderReleaseDataDirs()).get(last);
  if (!loadDataDir) throw new Error(`no older release ends at migration ${last}: add it to OLDER_RELEASES`);
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir });
  return { dir, client };
}

/** A database as an older release left it, on either engine the server runs on. */
interface OlderDatabase {
  query(statement: string, params?: unknown[]): Promise<unknown>;
  /** Opens it as this release does, which applies the migrations after `last`. */
  open(): Promise<DatabaseHandle>;
}

async function pgliteAt(last: number): Promise<OlderDatabase> {
  const { dir, client } = await databaseAt(last);
  return {
    query: (statement, params) => client.query(statement, params),
    open: async () => {
      await client.close();
      return openDatabase({ databaseUrl: undefined, pgliteDir: dir });
    },
  };
}

/** A database of its own on the Postgres server named by TEST_DATABASE_URL, migrated up to and including migration `last`. */
async function postgresAt(last: number): Promise<OlderDatabase> {
  const database = `migrations_${randomBytes(6).toString('hex')}`;
  await adminQuery(process.env.TEST_DATABASE_URL!, `CREATE DATABASE "${database}"`);
  dropped.push(database);
  const url = databaseUrl(process.env.TEST_DATABASE_URL!, database);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await migratePg(drizzlePg(pool), { migrationsFolder: migrationsUpTo(last) });
  return {
    query: (statement, params) => pool.query(statement, params),
    open: async () => {
      await pool.end();
      return openDatabase({ databaseUrl: url, pgliteDir: PGLITE_IN_MEMORY });
    },
  };
}

/** The engines a migration is tried on: PGlite always, the Postgres server when TEST_DATABASE_URL names one. */
const engines: [string, (last: number) => Promise<OlderDatabase>][] = [
  ['PGlite', pgliteAt],
  ...(process.env.TEST_DATABASE_URL ? [['Postgres', postgresAt] as [string, typeof postgresAt]] : []),
];

describe('migration 0011: a kept checkout answer records its outcome, not an HTTP status', () => {
  it('converts every recorded status and keeps a pending key pending', async () => {
    const { dir, client } = await databaseAt(10);
    const [user] = (
      await client.query<{ id: string }>(
        `INSERT INTO users (email, password_hash, customer_id) VALUES ('m@example.com', 'x', 'CONS-MIGRATE') RETURNING id`,
      )
    ).rows;
    const statuses: [string, number | null][] = [
      ['paid', 200],
      ['declined', 402],
      ['refused', 403],
      ['active', 409],
      ['reused', 422],
      ['bad', 400],
      ['pending', null],
    ];
    for (const [key, status] of statuses) {
      await client.query(
        'INSERT INTO idempotency_keys (user_id, key, request_hash, response_status, response_body) VALUES ($1, $2, $3, $4, $5)',
        [user!.id, key, 'hash', status, status === null ? null : '{}'],
      );
    }
    await client.close();

    const handle = await openDatabase({ databaseUrl: undefined, pgliteDir: dir });
    try {
      const rows = await queryRows<{ key: string; response_outcome: string | null }>(
        handle.db,
        sql`SELECT key, response_outcome FROM idempotency_keys ORDER BY key`,
      );
      expect(Object.fromEntries(rows.map((r) => [r.key, r.response_outcome]))).toEqual({
        active: 'conflict',
        bad: 'invalid',
        declined: 'payment-declined',
        paid: 'ok',
        pending: null,
        refused: 'forbidden',
        reused: 'unprocessable',
      });
      const columns = await queryRows<{ column_name: string }>(
        handle.db,
        sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'idempotency_keys'`,
      );
      expect(columns.map((c) => c.column_name)).not.toContain('response_status');
    } finally {
      await handle.close();
    }
  });
});

describe('migration 0012: counters striped over slots', () => {
  it('keeps every count and daily total, and the triggers go on adding to them', async () => {
    const { dir, client } = await databaseAt(11);
    await client.query(`INSERT INTO users (email, password_hash, customer_id, roles, verified, subscription_status, subscription_plan)
      VALUES ('a@example.com', 'x', 'CONS-SLOT-A', '{ROLE_ADMIN}', true, NULL, NULL), ('b@example.com', 'x', 'CONS-SLOT-B', '{ROLE_USER}', true, 'active', 'oneTimeVisit')`);
    await client.query(`INSERT INTO payments (user_id, plan_id, kind, gateway, status, amount_cents)
      SELECT id, 'oneTimeVisit', 'checkout', 'sandbox', 'succeeded', 7999 FROM users WHERE email = 'b@example.com'`);
    await client.close();

    const handle = await openDatabase({ databaseUrl: undefined, pgliteDir: dir });
    try {
      const totals = () =>
        queryRows<{ total: number; admins: number; active: number; verified: number; signups: number; payments: number; cents: number }>(
          handle.db,
          sql`SELECT (SELECT sum(total) FROM user_counts)::int AS total, (SELECT sum(admins) FROM user_counts)::int AS admins,
            (SELECT sum(active_subscriptions) FROM user_counts)::int AS active, (SELECT sum(verified) FROM user_counts)::int AS verified,
            (SELECT sum(signups) FROM daily_accounts)::int AS signups,
            (SELECT sum(payments) FROM daily_payments)::int AS payments, (SELECT sum(amount_cents) FROM daily_payments)::int AS cents`,
        );
      expect(await totals()).toEqual([{ total: 2, admins: 1, active: 1, verified: 2, signups: 2, payments: 1, cents: 7999 }]);
      await handle.db.execute(
        sql`INSERT INTO users (email, password_hash, customer_id, subscription_status) VALUES ('c@example.com', 'x', 'CONS-SLOT-C', 'active')`,
      );
      await handle.db.execute(sql`INSERT INTO payments (user_id, plan_id, kind, gateway, status, amount_cents)
        SELECT id, 'individualMonthly', 'checkout', 'sandbox', 'succeeded', 2999 FROM users WHERE email = 'c@example.com'`);
      expect(await totals()).toEqual([{ total: 3, admins: 1, active: 2, verified: 2, signups: 3, payments: 2, cents: 10998 }]);
    } finally {
      await handle.close();
    }
  });
});

describe('migration 0017: rate-limit counters without the write-ahead log', () => {
  it('keeps the counters already spent, and the table is unlogged', async () => {
    const { dir, client } = await databaseAt(16);
    await client.query(`INSERT INTO rate_limits (key, points, expire) VALUES ('spent', 7, 9999999999999)`);
    await client.close();

    const handle = await openDatabase({ databaseUrl: undefined, pgliteDir: dir });
    try {
      expect(await queryRows(handle.db, sql`SELECT key, points FROM rate_limits`)).toEqual([{ key: 'spent', points: 7 }]);
      expect(await queryRows(handle.db, sql`SELECT relpersistence FROM pg_class WHERE relname = 'rate_limits'`)).toEqual([
        { relpersistence: 'u' },
      ]);
    } finally {
      await handle.close();
    }
  });
});

describe.each(engines)('migration 0018 on %s: plan ids and statuses only as the code names them', (_engine, olderRelease) => {
  it('rewrites every spelling the readers accepted, clears what names no plan or status, and the counters follow', async () => {
    // Stored plan and status before the migration, and after it.
    const rows: [string | null, string | null, PlanId | null, SubscriptionStatus | null][] = [
      ['individualMonthly', 'active', 'individualMonthly', 'active'],
      ['onetimevisit', 'Active', 'oneTimeVisit', 'active'],
      [' FamilyMonthly ', ' ACTIVE ', 'familyMonthly', 'active'],
      ['INDIVIDUALMONTHLY', 'Past Due', 'individualMonthly', 'past_due'],
      ['familyMonthly', 'PAST-DUE', 'familyMonthly', 'past_due'],
      ['oneTimeVisit', 'Cancelled', 'oneTimeVisit', 'cancelled'],
      ['gold', 'canceled', null, null],
      [null, '', null, null],
      [null, null, null, null],
      ['familyMonthly', 'pending', 'familyMonthly', 'pending'],
    ];
    const older = await olderRelease(17);
    for (const [i, [plan, status]] of rows.entries()) {
      await older.query(
        `INSERT INTO users (email, password_hash, customer_id, subscription_plan, subscription_status, subscription_cancelled_date)
          VALUES ($1, 'x', $2, $3, $4, '2026-11-20T18:00:00Z')`,
        [`row-${i}@example.com`, `CONS-ROW${String(i).padStart(5, '0')}`, plan, status],
      );
    }
    const counters = `SELECT (SELECT sum(active_subscriptions) FROM user_counts)::int AS active,
      (SELECT sum(ended_memberships) FROM daily_accounts)::int AS ended`;
    expect(await older.query(counters)).toMatchObject({ rows: [{ active: 1, ended: 0 }] });

    const handle = await older.open();
    try {
      const stored = await queryRows<{ plan: string | null; status: string | null }>(
        handle.db,
        sql`SELECT subscription_plan AS plan, subscription_status AS status FROM users ORDER BY customer_id`,
      );
      expect(stored.map((row) => [row.plan, row.status])).toEqual(rows.map(([, , plan, status]) => [plan, status]));
      expect(await queryRows(handle.db, sql.raw(counters))).toEqual([{ active: 3, ended: 1 }]);
    } finally {
      await handle.close();
    }
  });

  it('allows exactly the shared plan ids and statuses (or none), and refuses any other spelling', async () => {
    const handle = await (await olderRelease(17)).open();
    try {
      const allowed = async (constraint: string) => {
        const [row] = await queryRows<{ definition: string }>(
          handle.db,
          sql`SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conname = ${constraint}`,
        );
        return [...row!.definition.matchAll(/'([^']*)'/g)].map((match) => match[1]);
      };
      expect(await allowed('users_subscription_plan_known')).toEqual([...PLAN_IDS]);
      expect(await allowed('users_subscription_status_known')).toEqual([...SUBSCRIPTION_STATUSES]);
      const insert = (plan: string | null, status: string | null) => {
        const customerId = generateCustomerId();
        return handle.db.execute(
          sql`INSERT INTO users (email, password_hash, customer_id, subscription_plan, subscription_status)
            VALUES (${`${customerId.toLowerCase()}@example.com`}, 'x', ${customerId}, ${plan}, ${status})`,
        );
      };
      const refused = { cause: expect.objectContaining({ code: '23514' }) };
      await expect(insert('onetimevisit', 'active')).rejects.toMatchObject(refused);
      await expect(insert('oneTimeVisit', 'Active')).rejects.toMatchObject(refused);
      await insert('oneTimeVisit', 'active');
      await insert(null, null);
    } finally {
      await handle.close();
    }
  });
});

describe.each(engines)('migration 0019 on %s: the audit chain keyed from here on', (_engine, olderRelease) => {
  it('#28 rows hashed before it keep verifying, rows after it are keyed, and no UPDATE of the trail passes', async () => {
    const older = await olderRelease(17);
    // Two rows as the release before appended them: the database completed plain SHA-256 hashes.
    const at = (i: number) => `2026-11-2${i}T10:00:00.000Z`;
    const tails = [1, 2].map((i) => JSON.stringify([at(i), null, 'anonymous', `GET /api/old/${i}`, null, null, 200]).slice(1));
    await older.query(
      `SELECT audit_append(727276, $1, $2::timestamptz[], ARRAY[NULL, NULL]::uuid[], ARRAY['anonymous', 'anonymous'], $3::text[],
        ARRAY[NULL, NULL]::uuid[], ARRAY[NULL, NULL]::text[], ARRAY[200, 200], ARRAY[NULL, NULL]::text[], $4::text[])`,
      ['0'.repeat(64), [at(1), at(2)], ['GET /api/old/1', 'GET /api/old/2'], tails],
    );
    const handle = await older.open();
    try {
      useAuditKey(randomBytes(32).toString('base64'));
      const entry = { at: new Date(), actorUserId: null, actorRole: 'anonymous', action: 'GET /api/new', subjectUserId: null, ip: null };
      await recordAudits(handle.db, [{ ...entry, status: 200, details: null }]);
      expect(await queryRows(handle.db, sql`SELECT audit_unkeyed_until()::int AS id`)).toEqual([{ id: 2 }]);
      expect(await checkAuditChain(handle.db)).toEqual({ intact: true, rows: 3, anchoredRowId: null });
      await expect(handle.db.execute(sql`UPDATE audit_log SET details = details WHERE id = 1`)).rejects.toThrow();
      // The newest row re-hashed with the formula the older rows use shows.
      const [row] = await queryRows<{ prev: string }>(handle.db, sql`SELECT prev_hash AS prev FROM audit_log WHERE id = 3`);
      const plain = createHash('sha256')
        .update(`["${row!.prev}",${JSON.stringify([entry.at.toISOString(), null, 'anonymous', 'GET /api/new', null, null, 200]).slice(1)}`)
        .digest('hex');
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`);
        await tx.execute(sql`UPDATE audit_log SET hash = ${plain} WHERE id = 3`);
        await tx.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change`);
      });
      expect(await checkAuditChain(handle.db)).toEqual({ intact: false, brokenRowId: 3, cause: 'edited' });
    } finally {
      await handle.close();
    }
  });
});
