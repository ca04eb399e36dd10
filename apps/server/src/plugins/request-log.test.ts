import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { planRoutes } from '../features/plans/routes';
import { bareApp, bareConfig } from '../test/bare-app';
import { api, createTestApp } from '../test/harness';
import { registerRequestLog } from './request-log';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  statusCode?: number;
  responseTimeMs?: number;
  req?: { method: string; route: string };
}

/** A stream for a server's log, and its lines so far as parsed JSON. */
function collectedLog() {
  let text = '';
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const lines = () =>
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine);
  return { stream, lines };
}

/**
 * A bare server with the request log and the plans route, logging as the whole server does
 * (createFastify's logger): the log level is fixed when a server starts, and these tests need nothing
 * else of the app. The slow-request test goes through the whole app, which proves that it registers the log.
 */
const plansServer = (env: Record<string, string>, logStream: NodeJS.WritableStream) =>
  bareApp(
    bareConfig(env),
    async (app, config) => {
      registerRequestLog(app, config.slowRequestMs);
      await app.register(planRoutes);
    },
    { logStream },
  );

describe('request log', () => {
  let app: { close(): Promise<unknown> } | undefined;
  afterEach(async () => app?.close());

  it('writes nothing for a quick request at the default level', async () => {
    const log = collectedLog();
    const server = await plansServer({ LOG_LEVEL: 'info' }, log.stream);
    app = server;
    expect((await server.inject({ method: 'GET', url: '/api/plans' })).statusCode).toBe(200);
    expect(log.lines().filter((line) => line.req)).toEqual([]);
  });

  it('warns of a slow request with its route, status and timing', async () => {
    const log = collectedLog();
    const whole = await createTestApp({ LOG_LEVEL: 'warn', SLOW_REQUEST_MS: '1' }, { logStream: log.stream });
    app = whole;
    // Waits on the database, so it takes at least a millisecond.
    expect((await api(whole).post('/api/auth/login', { email: 'nobody@example.com', password: 'Wr0ng!passphrase' })).status).toBe(401);
    const [slow] = log.lines().filter((line) => line.msg === 'slow request');
    // The request's logger is made only when it logs (lib/logging.ts), bound to its request id all the same.
    expect(slow).toMatchObject({
      level: 40,
      statusCode: 401,
      reqId: expect.stringMatching(/^req-/),
      req: { method: 'POST', route: '/api/auth/login' },
    });
    expect(slow!.responseTimeMs).toBeGreaterThanOrEqual(1);
  });

  it('logs every request at debug', async () => {
    const log = collectedLog();
    const server = await plansServer({ LOG_LEVEL: 'debug' }, log.stream);
    app = server;
    await server.inject({ method: 'GET', url: '/api/plans' });
    await server.inject({ method: 'GET', url: '/api/plans' });
    const completed = log.lines().filter((line) => line.msg === 'request completed');
    expect(completed).toMatchObject([
      { level: 20, statusCode: 200, req: { route: '/api/plans' } },
      { level: 20, statusCode: 200, req: { route: '/api/plans' } },
    ]);
    expect(new Set(completed.map((line) => line.reqId)).size).toBe(2);
  });
});
