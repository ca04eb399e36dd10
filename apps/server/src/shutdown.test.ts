import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { checkoutBody, createTestConfig, eventually, signedInPatient, testPhiKey } from './test/harness';
import { freePort } from './test/instances';

const serverFile = fileURLToPath(new URL('./server.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
/** How long the sandbox gateway takes to answer: the checkout is in flight that long. */
const GATEWAY_MS = 5_000;

describe('a server process told to stop (SIGTERM)', () => {
  let drop: () => Promise<void>;
  let env: Record<string, string>;
  const patients: { id: string; token: string }[] = [];
  beforeAll(async () => {
    // One database for an in-process app that makes the patient, then for the server process.
    const test = await createTestConfig({}, { persistent: true });
    drop = test.drop;
    const seeding = await buildApp(test.config, { webDist: null });
    try {
      for (let i = 0; i < 2; i++) {
        const { user, token } = await signedInPatient(seeding);
        patients.push({ id: user.id as string, token });
      }
    } finally {
      await seeding.close();
    }
    env = {
      DATA_DIR: test.config.dataDir,
      JWT_SECRET: test.config.jwtSecret,
      PHI_KEY: testPhiKey,
      ...(test.config.databaseUrl ? { DATABASE_URL: test.config.databaseUrl } : {}),
    };
  }, 60_000);
  afterAll(() => drop?.());

  it('refuses new connections, answers the request under way and a late readiness probe (503), closes the metrics port and exits 0', async () => {
    const metricsPort = await freePort();
    const { url, port, child, exited } = await startServer({ SHUTDOWN_TIMEOUT_MS: '30000', METRICS_PORT: String(metricsPort) });
    try {
      // The metrics listen on their own port, and only there.
      const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toMatch(
        /^http_request_duration_seconds_count\{method="GET",route="\/health\/ready",status_code="200"\} \d+$/m,
      );
      expect((await fetch(`${url}/metrics`)).headers.get('content-type')).not.toMatch(/^text\/plain/);

      // A checkout on a raw connection, so that a second request can follow it on the same one.
      const { socket, closed, received } = checkoutOnRawConnection(port, patients[0]!);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const stoppedAt = Date.now();
      child.kill('SIGTERM');

      // The listener closes at once: a new connection is refused while the checkout is still under way.
      await eventually('new connections to be refused', () =>
        fetch(`${url}/health/live`).then(
          () => undefined,
          (error: Error & { cause?: { code?: string } }) => (error.cause?.code === 'ECONNREFUSED' ? true : undefined),
        ),
      );
      expect(received()).toBe('');
      // The balancer's probe on the open connection, once the stop has begun: not ready.
      socket.write('GET /health/ready HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');

      await closed;
      // The second answer follows the first's body directly.
      const statuses = [...received().matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => match[1]);
      expect(statuses).toEqual(['200', '503']);
      expect(received()).toContain('{"status":"down","checks":{"accepting":"down"}}');
      expect(await exited).toBe(0);
      await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
      // It waited for the gateway rather than cutting the checkout off.
      expect(Date.now() - stoppedAt).toBeGreaterThan(GATEWAY_MS - 1_000);
    } finally {
      child.kill('SIGKILL');
    }
  }, 120_000);

  it('cuts off a request still under way after SHUTDOWN_TIMEOUT_MS, and still exits', async () => {
    const { port, child, exited } = await startServer({ SHUTDOWN_TIMEOUT_MS: '1000' });
    try {
      const { closed, received } = checkoutOnRawConnection(port, patients[1]!);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const stoppedAt = Date.now();
      child.kill('SIGTERM');
      await closed;
      // No answer: the gateway was still thinking when the connection was closed.
      expect(received()).toBe('');
      expect(await exited).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(GATEWAY_MS - 1_000);
    } finally {
      child.kill('SIGKILL');
    }
  }, 120_000);

  /** Starts the server process (Node with tsx's loader, so a signal reaches the server itself) and waits until it is ready. */
  async function startServer(settings: Record<string, string>) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', serverFile], {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        APP_URL: url,
        CAPTCHA: 'off',
        GEO_RESTRICT: 'off',
        LOG_LEVEL: 'silent',
        SANDBOX_GATEWAY_LATENCY_MS: String(GATEWAY_MS),
        ...settings,
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await eventually(
        'the server to be ready',
        () =>
          fetch(`${url}/health/ready`).then(
            (res) => (res.ok ? true : undefined),
            () => undefined,
          ),
        60_000,
      );
    } catch (error) {
      child.kill('SIGKILL');
      throw error;
    }
    return { url, port, child, exited };
  }
});

/** A checkout sent on a raw connection, which stays open for more requests; `received` is what has come back so far. */
function checkoutOnRawConnection(port: number, patient: { id: string; token: string }) {
  const socket = connect(port, '127.0.0.1');
  let text = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  const closed = new Promise((resolve) => socket.once('close', resolve));
  const body = JSON.stringify(checkoutBody());
  socket.write(
    [
      `PUT /api/users/${patient.id}/subscription HTTP/1.1`,
      'Host: 127.0.0.1',
      `Authorization: Bearer ${patient.token}`,
      `Idempotency-Key: ${randomUUID()}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ].join('\r\n'),
  );
  return { socket, closed, received: () => text };
}
