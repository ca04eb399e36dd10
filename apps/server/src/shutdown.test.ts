import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from './app';
import { checkoutBody, createTestConfig, eventually, signedInPatient, testPhiKey } from './test/harness';
import { freePort, startInstance } from './test/instances';

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
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '30000', METRICS_PORT: String(metricsPort) });
    const { url, port } = server;
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
      const exitCode = server.stop();

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
      expect(await exitCode).toBe(0);
      await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
      // It waited for the gateway rather than cutting the checkout off.
      expect(Date.now() - stoppedAt).toBeGreaterThan(GATEWAY_MS - 1_000);
    } finally {
      server.kill();
    }
  }, 120_000);

  it('cuts off a request still under way after SHUTDOWN_TIMEOUT_MS, and still exits', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '1000' });
    try {
      const { closed, received } = checkoutOnRawConnection(server.port, patients[1]!);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const stoppedAt = Date.now();
      const exitCode = server.stop();
      await closed;
      // No answer: the gateway was still thinking when the connection was closed.
      expect(received()).toBe('');
      expect(await exitCode).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(GATEWAY_MS - 1_000);
    } finally {
      server.kill();
    }
  }, 120_000);

  /** Starts the server process from this run's bundle, on the patients' database, and waits until it is ready. */
  function startServer(settings: Record<string, string>) {
    return startInstance(
      { ...env, LOG_LEVEL: 'silent', SANDBOX_GATEWAY_LATENCY_MS: String(GATEWAY_MS), ...settings },
      { entry: inject('serverBundle') },
    );
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
