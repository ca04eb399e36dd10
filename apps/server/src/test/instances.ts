import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
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
  /** SIGTERM, as an orchestrator stops it, and waits until it exited (SIGKILL after 15 s). */
  stop(): Promise<void>;
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

function killGroup(child: ChildProcess) {
  if (!child.pid || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** How a server process is started: from source (tsx) by default, or the built bundle; on a port of its own unless named; its output dropped unless a file descriptor takes it. */
export interface InstanceOptions {
  timeoutMs?: number;
  built?: boolean;
  port?: number;
  output?: number;
}

function stopGroup(child: ChildProcess): Promise<void> {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return Promise.resolve();
  }
  const cutOff = setTimeout(() => killGroup(child), 15_000);
  return exited.finally(() => clearTimeout(cutOff));
}

/** Starts one server process and waits until it answers. */
export async function startInstance(env: Record<string, string>, options: InstanceOptions = {}): Promise<Instance> {
  const { timeoutMs = 90_000, built = false } = options;
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  // From source, Node with tsx's loader, as `npx tsx` runs it, without npm's and tsx's own processes in front.
  const args = built ? ['apps/server/dist/server.js'] : ['--import', 'tsx', 'apps/server/src/server.ts'];
  const child = spawn(process.execPath, args, {
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
  const instance: Instance = { url, port, kill: () => killGroup(child), stop: () => stopGroup(child) };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server process exited with ${child.exitCode}`);
    const up = await fetch(`${url}/api/plans`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return instance;
    if (Date.now() > deadline) {
      instance.kill();
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
