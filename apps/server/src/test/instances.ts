import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Real server processes, for the rules that must hold across instances (purchase lock, shared
 * limits, jobs that run once) and across crashes, in the tests and in `npm run cluster`/`drill`.
 * They share the database and secrets the caller names in `env` (DATABASE_URL, JWT_SECRET, PHI_KEY, DATA_DIR).
 */
const repositoryRoot = fileURLToPath(new URL('../../../..', import.meta.url));

export interface Instance {
  url: string;
  port: number;
  /** SIGKILL to the whole process group: no shutdown hook runs, as in a crash. */
  kill(): void;
  /**
   * SIGTERM, as an orchestrator stops it, and waits until it exited (SIGKILL after 15 s). Resolves its
   * exit code, null when a signal ended it.
   */
  stop(): Promise<number | null>;
}

/** A port nothing listens on now, for a server process to take. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

/** The bundle `npm run build` writes, which `npm run cluster` and `drill` start. */
export const BUILT_SERVER = join(repositoryRoot, 'apps/server/dist/server.js');

/**
 * How a server process is started: the bundled server to run (BUILT_SERVER, or the tests' own bundle),
 * on a port of its own unless named, its output dropped unless a file descriptor takes it.
 */
export interface InstanceOptions {
  entry: string;
  timeoutMs?: number;
  port?: number;
  output?: number;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Starts one server process and waits until it is ready (GET /health/ready answers 200). */
export async function startInstance(env: Record<string, string>, options: InstanceOptions): Promise<Instance> {
  const { timeoutMs = 90_000 } = options;
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', options.entry], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: url,
      CAPTCHA: 'off',
      GEO_RESTRICT: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: options.output === undefined ? 'ignore' : ['ignore', options.output, options.output],
    // Its own process group, so that SIGKILL reaches whatever the server started too.
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const kill = () => signalGroup(child, 'SIGKILL');
  const instance: Instance = {
    url,
    port,
    kill,
    stop: async () => {
      signalGroup(child, 'SIGTERM');
      const cutOff = setTimeout(kill, 15_000);
      try {
        return await exited;
      } finally {
        clearTimeout(cutOff);
      }
    },
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server process exited with ${child.exitCode}`);
    const up = await fetch(`${url}/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return instance;
    if (Date.now() > deadline) {
      kill();
      throw new Error(`the server at ${url} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
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
  return { status: response.status, body: json, headers: response.headers };
}
