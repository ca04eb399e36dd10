// The admin dashboard's calls on BENCH_ADMIN_USERS (1,000,000) users on Postgres and
// BENCH_ADMIN_PGLITE_USERS (100,000) on PGlite, one request at a time.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  json,
  percentile,
  root,
  round,
  serverPackage,
  sleep,
  withPostgresDatabase,
  withServer,
  type Env,
  type Mail,
  type Pg,
} from '../shared';

export const ADMIN_USERS = {
  postgres: Number(process.env.BENCH_ADMIN_USERS ?? 1_000_000),
  pglite: Number(process.env.BENCH_ADMIN_PGLITE_USERS ?? 100_000),
};
const ADMIN_AIM_MS = { postgres: { p95: 50, lastPage: 250, series: 200 }, pglite: { p95: 200, lastPage: 200, series: 200 } };
/** The bootstrap admin of the servers the admin and expenses parts start. */
export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'Bench#Admin2026' };
const SORTS = ['default', 'email', 'fullName', 'submittedDate', 'subscriptionStatus', 'subscriptionAmount'];

/** Latencies of calls made one at a time, beside their aim. */
export interface CallLatency {
  requests: number;
  p95Ms: number;
  maxMs: number;
  aimMs?: number | null;
  meetsAim?: boolean | null;
}

export interface AdminResult {
  store: 'postgres' | 'pglite';
  users: number;
  calls: Record<string, CallLatency>;
}

/** Signs the bootstrap admin in by the magic link the dev mailbox shows; returns the bearer token. */
export async function signedInAdmin(baseUrl: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await json(await post('/api/auth/login', BENCH_ADMIN), 'POST /api/auth/login (admin)');
  for (let i = 0; i < 50; i++) {
    const mails = await json<Mail[]>(
      await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(BENCH_ADMIN.email)}`),
      'GET /api/dev/mailbox',
    );
    const token = (mails ?? [])
      .map((mail) => /verify-admin-login\/([A-Za-z0-9_-]+)/.exec(`${mail.text ?? ''} ${mail.html ?? ''}`)?.[1])
      .find(Boolean);
    if (token) {
      const login = await json<{ token: string }>(
        await post('/api/auth/verify-admin-login', { token }),
        'POST /api/auth/verify-admin-login',
      );
      if (!login?.token) throw new Error('POST /api/auth/verify-admin-login returned no token');
      return login.token;
    }
    await sleep(200);
  }
  throw new Error('no admin magic link reached the dev mailbox');
}

/** Each URL requested once, one after another; the latency of each, in milliseconds. */
export async function latencies(baseUrl: string, token: string, paths: string[]): Promise<CallLatency> {
  const times: number[] = [];
  for (const path of paths) {
    const start = performance.now();
    await json(await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } }), `GET ${path}`);
    times.push(performance.now() - start);
  }
  return { requests: paths.length, p95Ms: round(percentile(times, 95), 1), maxMs: round(Math.max(...times), 1) };
}

/**
 * Seeds the server's database with `--users` and `--expenses` as `npm run seed` does. On Postgres it
 * then writes out what the bulk load left in memory (CHECKPOINT), before anything is measured:
 * otherwise that checkpoint ran through the first minute of the measurement, and a narrow e-mail
 * search on a million users took 350 ms instead of 25 ms at its p95.
 */
export async function seedWith(env: Env, args: string[]): Promise<void> {
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/seed.ts'), ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr || seeded.stdout}`);
  console.log(`  ${seeded.stdout.trim().split('\n').at(-1)}`);
  if (!env.DATABASE_URL) return;
  const { default: pg } = await serverPackage<{ default: Pg }>('pg');
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    await client.query('CHECKPOINT');
  } catch (error) {
    console.warn(
      `  warning: CHECKPOINT after the seed failed (${error instanceof Error ? error.message : String(error)}); the measurement may overlap the bulk load's checkpoint`,
    );
  } finally {
    await client.end();
  }
}

/** The admin dashboard's calls on `users` seeded users: pages 0-99 of every sort both ways, last pages, search, the Members table's filters and search, analytics. */
async function adminCallsOn(store: 'postgres' | 'pglite', users: number, extraEnv: Env): Promise<AdminResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'telehealth-bench-admin-'));
  const serverEnv = { ...extraEnv, DATA_DIR: dataDir, ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password };
  try {
    // A start makes the bench's admin only while no admin exists: before the seed adds its few.
    await withServer(() => Promise.resolve(), serverEnv);
    await seedWith({ ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', ...extraEnv }, ['--users', String(users)]);
    return await withServer(async (baseUrl) => {
      const token = await signedInAdmin(baseUrl);
      const pages = SORTS.flatMap((sortBy) =>
        ['asc', 'desc'].flatMap((sortDir) =>
          Array.from({ length: 100 }, (_, page) => `/api/admin/all?page=${page}&size=10&sortBy=${sortBy}&sortDir=${sortDir}`),
        ),
      );
      // Warm-up: the first requests after a start pay for connections and plans.
      await latencies(baseUrl, token, pages.slice(0, 20));
      const first = await json<{ totalPages: number; totalElements: number; content: { customerId: string }[] }>(
        await fetch(`${baseUrl}/api/admin/all?size=10`, { headers: { authorization: `Bearer ${token}` } }),
        'GET /api/admin/all',
      );
      if (!first) throw new Error('GET /api/admin/all answered no page');
      const lastPage = first.totalPages - 1;
      const today = new Date().toISOString().slice(0, 10);
      const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
      const aim = ADMIN_AIM_MS[store];
      const rows: Record<string, CallLatency> = {
        'list pages 0-99, 6 sorts x 2 directions': { ...(await latencies(baseUrl, token, pages)), aimMs: aim.p95 },
        'last page, 6 sorts x 2 directions': {
          ...(await latencies(
            baseUrl,
            token,
            SORTS.flatMap((sortBy) =>
              ['asc', 'desc'].map((sortDir) => `/api/admin/all?page=${lastPage}&size=10&sortBy=${sortBy}&sortDir=${sortDir}`),
            ),
          )),
          aimMs: aim.lastPage,
        },
        // What an admin types to find someone: part of a name with a number, a number, a typo.
        'e-mail search, narrow (up to a few thousand match)': {
          ...(await latencies(
            baseUrl,
            token,
            ['maria.garcia.12', 'lucas.smith.9', '.12345.', '4567', 'no-such-person'].flatMap((q) =>
              [0, 1, 2, 3].map((page) => `/api/admin/search?email=${q}&page=${page}`),
            ),
          )),
          aimMs: aim.p95,
        },
        // A fragment in thousands of addresses or in all of them: counted up to USER_SEARCH_COUNT_LIMIT (decision 026).
        'e-mail search, broad (0.6-100 % of accounts match)': {
          ...(await latencies(
            baseUrl,
            token,
            ['maria', 'garcia', 'smith', 'thomas', 'seed.example'].flatMap((q) =>
              [0, 1].map((page) => `/api/admin/search?email=${q}&page=${page}`),
            ),
          )),
          aimMs: aim.p95,
        },
        // The Members table: larger pages, each filter alone and together, from its first pages.
        'members table, 25-100 a page, filtered by status, plan, verified': {
          ...(await latencies(
            baseUrl,
            token,
            [
              'status=active',
              'status=cancelled',
              'plan=familyMonthly',
              'verified=false',
              'status=active&plan=individualMonthly&verified=true',
            ].flatMap((filter) =>
              [25, 50, 100].flatMap((size) => [0, 1, 5].map((page) => `/api/admin/all?${filter}&size=${size}&page=${page}`)),
            ),
          )),
          aimMs: aim.p95,
        },
        // Its one search box: a full name, a common surname (in thousands of names and addresses), a piece of
        // an address, a customer id (exact, through its unique index), nothing.
        'members search, name, e-mail or customer id': {
          ...(await latencies(
            baseUrl,
            token,
            [
              'maria garcia',
              'smith',
              'lucas.smith.9',
              first.content[0]?.customerId.toLowerCase() ?? 'cons-00000000',
              'no-such-person',
            ].flatMap((q) => [0, 1].map((page) => `/api/admin/all?q=${encodeURIComponent(q)}&size=25&page=${page}`)),
          )),
          aimMs: aim.p95,
        },
        'analytics summary': {
          ...(await latencies(baseUrl, token, Array<string>(20).fill('/api/admin/analytics/summary'))),
          aimMs: aim.p95,
        },
        'analytics series, a year by day': {
          ...(await latencies(
            baseUrl,
            token,
            Array<string>(10).fill(`/api/admin/analytics/series?from=${yearAgo}&to=${today}&interval=day`),
          )),
          aimMs: aim.series,
        },
      };
      for (const row of Object.values(rows)) row.meetsAim = row.aimMs === null || row.aimMs === undefined ? null : row.p95Ms <= row.aimMs;
      return { store, users: first.totalElements, calls: rows };
    }, serverEnv);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const benchAdminOnPglite = () => adminCallsOn('pglite', ADMIN_USERS.pglite, {});
export const benchAdminOnPostgres = () =>
  withPostgresDatabase('bench_admin', (url) => adminCallsOn('postgres', ADMIN_USERS.postgres, { DATABASE_URL: url.toString() }));

/** Prints calls made one at a time: their p95 and maximum beside their aim. */
export const latencyTable = (calls: Record<string, CallLatency>) =>
  console.table(
    Object.fromEntries(
      Object.entries(calls).map(([call, r]) => [
        call,
        {
          requests: r.requests,
          'p95 ms': r.p95Ms,
          'max ms': r.maxMs,
          'aim ms': r.aimMs ?? '',
          'meets aim': r.meetsAim === null ? '' : r.meetsAim ? 'yes' : 'NO',
        },
      ]),
    ),
  );

export function printAdmin(a: AdminResult): void {
  console.log(`Admin dashboard calls on ${a.store}, ${a.users} users, one request at a time`);
  latencyTable(a.calls);
}
