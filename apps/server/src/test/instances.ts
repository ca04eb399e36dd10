import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * Real server processes on one Postgres database, for the rules that must hold across instances
 * (purchase lock, shared limits, jobs that run once) and across crashes. Only with TEST_DATABASE_URL.
 */
export const serverUrlForInstances = process.env.TEST_DATABASE_URL;

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
// npm workspaces hoist tsx to the repository's node_modules.
const tsx = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));

export interface Instance {
  url: string;
  process: ChildProcess;
  /** Everything the process wrote, for assertions on its logs. */
  output(): string;
  /** SIGKILL: no shutdown hook runs, as in a crash. */
  kill(): Promise<void>;
}

export interface InstanceGroup {
  databaseUrl: string;
  /** Shared by every instance, so a session opened on one is valid on another. */
  jwtSecret: string;
  instances: Instance[];
  /** Starts one more instance on the same database (after a crash, for example). */
  start(env?: Record<string, string>): Promise<Instance>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/plans`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${url} did not start:\n${output()}`);
}

/** Starts `count` server processes (from source, through tsx) sharing one fresh Postgres database. */
export async function startInstances(count: number, env: Record<string, string> = {}): Promise<InstanceGroup> {
  if (!serverUrlForInstances) throw new Error('startInstances needs TEST_DATABASE_URL');
  const database = `test_multi_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrlForInstances, `CREATE DATABASE "${database}"`);
  const dbUrl = new URL(serverUrlForInstances);
  dbUrl.pathname = `/${database}`;
  const databaseUrl = dbUrl.toString();
  const jwtSecret = randomBytes(32).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), 'telehealth-multi-'));
  const instances: Instance[] = [];

  const start = async (extra: Record<string, string> = {}): Promise<Instance> => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    let text = '';
    const child = spawn(tsx, ['src/server.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        APP_URL: url,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        JWT_SECRET: jwtSecret,
        CAPTCHA: 'off',
        GEO_RESTRICT: 'off',
        LOG_LEVEL: 'warn',
        ...env,
        ...extra,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const instance: Instance = {
      url,
      process: child,
      output: () => text,
      kill: async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      },
    };
    instances.push(instance);
    await waitUntilUp(url, child, instance.output);
    return instance;
  };

  const group: InstanceGroup = {
    databaseUrl,
    jwtSecret,
    instances,
    start,
    stop: async () => {
      await Promise.all(instances.map((i) => i.kill()));
      await adminQuery(serverUrlForInstances, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    // One at a time, so the first applies the migrations while the others wait on its lock.
    for (let i = 0; i < count; i += 1) await start();
  } catch (error) {
    await group.stop();
    throw error;
  }
  return group;
}

/** JSON over fetch against a running instance. */
export async function call(url: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not JSON.
  }
  return { status: response.status, body: json, headers: response.headers, text };
}
