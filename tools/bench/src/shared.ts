// What several parts of the bench use: figures, the servers and processes it starts, the CPU they
// use, databases of its own on the Postgres server, the requests of its clients and printed tables.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as PgModule from 'pg';
import { root } from '../../../scripts/build-if-needed.mjs';

export { root };

/** The bench's own package (tools/bench), where its dependencies are installed. */
export const benchDir = fileURLToPath(new URL('..', import.meta.url));

/** Environment variables for a server or a process the bench starts. */
export type Env = Record<string, string | undefined>;

/** The node-postgres module, as the server's workspace resolves it. */
export type Pg = typeof PgModule;

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
export const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
/** The median of `values` (the lower middle one of an even count), to 3 decimals. */
export const median = (values: number[]) => round(percentile(values, 50), 3);
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A label and what runs it: one measured step of a part, reported as not run when it throws. */
export type Step<T> = [label: string, run: () => Promise<T>];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

// Packages the server depends on are resolved from the server's workspace.
const serverRequire = createRequire(join(root, 'apps/server/package.json'));

/** A module specifier as the server's workspace resolves it, quoted for a generated source. */
export const serverImport = (specifier: string) => JSON.stringify(pathToFileURL(serverRequire.resolve(specifier)).href);

/** A package the server depends on, loaded as the server's workspace resolves it; `T` is its module's type. */
export async function serverPackage<T>(specifier: string): Promise<T> {
  return (await import(pathToFileURL(serverRequire.resolve(specifier)).href)) as T;
}

// Playwright, which the browser tests depend on, is resolved from the e2e workspace.
const e2eRequire = createRequire(join(root, 'e2e/package.json'));

/** A package the browser tests depend on, loaded as the e2e workspace resolves it; `T` is its module's type. */
export async function e2ePackage<T>(specifier: string): Promise<T> {
  return (await import(pathToFileURL(e2eRequire.resolve(specifier)).href)) as T;
}

/** Extra Node options for the processes the bench starts, e.g. BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile them. */
const benchNodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** A process the bench started, and what stops it. */
export interface Started {
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** Spawns a node process and waits until `readyUrl` answers 200. */
export async function startProcess(args: string[], env: Env, readyUrl: string): Promise<Started> {
  const child = spawn(process.execPath, [...benchNodeArgs, ...args], { env, stdio: ['ignore', 'inherit', 'inherit'], cwd: root });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with code ${child.exitCode}`);
    try {
      if ((await fetch(readyUrl)).status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  if (Date.now() >= deadline) throw new Error(`${readyUrl} did not answer within 60 s`);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return { child, stop };
}

/** The process id of a started process (it has one once it answered). */
export function pidOf(started: Started): number {
  if (started.child.pid === undefined) throw new Error('a started process has no process id');
  return started.child.pid;
}

/** Runs `fn` with every started process, stopping them all afterwards. */
export async function withStarted<S extends Started[], T>(
  starts: { [K in keyof S]: () => Promise<S[K]> },
  fn: (...started: S) => Promise<T>,
): Promise<T> {
  const started: Started[] = [];
  try {
    for (const start of starts) started.push(await start());
    return await fn(...(started as S));
  } finally {
    for (const each of started.reverse()) await each.stop();
  }
}

/** An answer's JSON body (null when empty); throws with the status and the start of the body when it failed. */
export async function json<T>(response: Response, what: string): Promise<T | null> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as T) : null;
}

/** A letter in the server's dev mailbox. */
export interface Mail {
  text?: string;
  html?: string;
}

export const SIGN_IN_PASSWORD = 'Bench#2026pass';

/** A patient the bench signed up and signed in. */
export interface Patient {
  token: string;
  user: { id: string };
  email: string;
  password: string;
}

/** Registers a user, verifies the e-mail through the dev mailbox and signs in; returns the bearer token and user. */
export async function signedInUser(baseUrl: string): Promise<Patient> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const password = SIGN_IN_PASSWORD;
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await json(
    await post('/api/users/register', {
      firstName: 'Bench',
      lastName: 'User',
      email,
      customerPhone: '3145550100',
      password,
      dob: '1980-01-01',
      zip: '63101',
      subscriptionPlan: 'individualMonthly',
      smsPolicyAccepted: true,
    }),
    'POST /api/users/register',
  );
  let token: string | undefined;
  for (let i = 0; i < 50 && !token; i++) {
    const mails = await json<Mail[]>(await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(email)}`), 'GET /api/dev/mailbox');
    for (const mail of mails ?? []) {
      const match = /verify-email[/?](?:token=)?([A-Za-z0-9_.~-]+)/.exec(`${mail.text ?? ''} ${mail.html ?? ''}`);
      if (match) token = match[1];
    }
    if (!token) await sleep(200);
  }
  if (!token) throw new Error('no verification link reached the dev mailbox');
  await json(await post('/api/users/verify-email', { token }), 'POST /api/users/verify-email');
  const login = await json<Omit<Patient, 'email' | 'password'>>(await post('/api/auth/login', { email, password }), 'POST /api/auth/login');
  if (!login?.token) throw new Error('POST /api/auth/login returned no token');
  return { token: login.token, user: login.user, email, password };
}

/**
 * Starts the built server on a fresh PGlite database (or the `extraEnv` DATABASE_URL) and runs
 * `fn(baseUrl, pid)` against it. With `keptDataDir` the server uses that folder and leaves it.
 */
export async function withServer<T>(
  fn: (baseUrl: string, pid: number) => Promise<T>,
  extraEnv: Env = {},
  keptDataDir: string | null = null,
): Promise<T> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = keptDataDir ?? mkdtempSync(join(tmpdir(), 'telehealth-bench-'));
  const env: Env = { ...process.env };
  for (const name of ['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'SMTP_URL', 'DATABASE_URL', 'REDIS_URL', 'APP_URL', 'JWT_SECRET']) delete env[name];
  Object.assign(env, {
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CAPTCHA: 'off',
    GEO_RESTRICT: 'off',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  });
  try {
    const server = await startProcess([join(root, 'apps/server/dist/server.js')], env, `${baseUrl}/api/plans`);
    try {
      return await fn(baseUrl, pidOf(server));
    } finally {
      await server.stop();
    }
  } finally {
    if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs `fn(url, pg)` on a database of its own on the BENCH_DATABASE_URL server, dropped afterwards. */
export async function withPostgresDatabase<T>(prefix: string, fn: (url: URL, pg: Pg) => Promise<T>): Promise<T> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const { default: pg } = await serverPackage<{ default: Pg }>('pg');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const database = `${prefix}_${Date.now()}`;
  await admin.query(`CREATE DATABASE "${database}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  try {
    return await fn(url, pg);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
  }
}

/**
 * The load loops' client: node:http on kept-alive connections. It shares the two cores with the
 * server, and `fetch` cost about 1.4 ms of CPU per request here, as much as some of the work measured.
 */
const loadAgent = new Agent({ keepAlive: true });

/** Sends one request and reads the whole answer; resolves with its status. */
export function send(
  url: string,
  { method, headers, body }: { method: string; headers: OutgoingHttpHeaders; body: string },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method, headers: { ...headers, 'content-length': Buffer.byteLength(body) }, agent: loadAgent },
      (response) => {
        response.on('data', () => {});
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Resident memory of a process in MB (Linux /proc), or null elsewhere. */
export function residentMb(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? round(Number(kb) / 1024, 0) : null;
  } catch {
    return null;
  }
}

/**
 * CPU time (user and system) a process has used so far, in ms (Linux /proc, 100 ticks a second), or
 * null elsewhere; `${pid}/task/${pid}` gives its main thread alone.
 */
export function cpuMs(pid: number | string): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** The same for every process on this machine running `command` together, or null. */
export function commandCpuMs(command: string): number | null {
  try {
    let total = 0;
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === command) total += cpuMs(pid) ?? 0;
      } catch {
        // gone meanwhile
      }
    }
    return total;
  } catch {
    return null;
  }
}

/** Every Postgres process together (the server and its backends). */
export const postgresCpuMs = () => commandCpuMs('postgres');

/** CPU time this process has used so far, in ms. */
export function ownCpuMs(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/** Reads a CPU time so far, in ms, or null where it cannot tell. */
export type CpuReader = () => number | null;

/** CPU per unit of work on each side, in ms (or µs where so named), null where a reader could not tell. */
export type CpuShares = Record<string, number | null>;

/**
 * Starts measuring the CPU of each named reader (ms so far, or null); the function it returns gives
 * each one's CPU per unit of work done since, in ms, or null where a reader could not tell.
 */
export function cpuMeter(readers: Record<string, CpuReader>): (units: number) => CpuShares {
  const before = Object.fromEntries(Object.entries(readers).map(([side, read]) => [side, read()]));
  return (units) =>
    Object.fromEntries(
      Object.entries(readers).map(([side, read]) => {
        const now = read();
        const then = before[side] ?? null;
        return [side, now === null || then === null ? null : round((now - then) / units, 3)];
      }),
    );
}

/** A share as a percentage, or blank. */
export const percent = (share: number | null | undefined) => (typeof share === 'number' ? `${round(share * 100, 1)} %` : '');
/** Each round's share, as percentages, or blank. */
export const eachRound = (shares: number[] | undefined) => (shares ? shares.map((share) => round(share * 100, 0)).join(' / ') : '');

/** A part's hold on the built server and its Postgres database, as the server itself would seal and sign in. */
export interface ServerOnPostgres {
  baseUrl: string;
  /** A client of the server's database, for arranging rows by SQL. */
  db: InstanceType<Pg['Client']>;
  /** Seals health data under the server's PHI key. */
  seal: (value: string) => string;
  /** A session of a user row, opened as the server's sign-in opens one: its bearer token. */
  sessionOf: (user: { id: string; email: string; roles: string[] }) => Promise<string>;
  /** Runs `fn` with a second instance of the built server on the same database and keys, stopped afterwards. */
  withSecondInstance: <U>(fn: (baseUrl: string) => Promise<U>) => Promise<U>;
}

/**
 * The built server on a new Postgres database, with a PHI key and a JWT secret the bench knows, so that a part
 * can insert sealed rows and open sessions as the server does; the database is dropped afterwards.
 */
export const withServerOnPostgres = <T>(prefix: string, fn: (server: ServerOnPostgres) => Promise<T>): Promise<T> =>
  withPostgresDatabase(prefix, async (url, pg) => {
    const phiKey = randomBytes(32).toString('base64');
    const jwtSecret = randomBytes(32).toString('hex');
    // Every instance of one database shares its keys.
    const keys: Env = {
      DATABASE_URL: url.toString(),
      PHI_KEY: phiKey,
      JWT_SECRET: jwtSecret,
      AUDIT_KEY: randomBytes(32).toString('base64'),
    };
    return withServer(async (baseUrl) => {
      const { createPhiKeyring, parsePhiKey } = await import('../../../apps/server/src/lib/phi-cipher');
      const { openDatabase } = await import('../../../apps/server/src/db/client');
      const { openSession } = await import('../../../apps/server/src/features/auth');
      const keyring = createPhiKeyring(parsePhiKey(phiKey));
      const db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
      const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '' });
      try {
        return await fn({
          baseUrl,
          db,
          seal: (value) => keyring.seal(value),
          sessionOf: async (user) => (await openSession(handle.db, jwtSecret, user, { rememberMe: false })).token,
          withSecondInstance: (second) => withServer(second, keys),
        });
      } finally {
        await db.end();
        await handle.close();
      }
    }, keys);
  });
