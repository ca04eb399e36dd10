import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { api, createTestApp } from '../test/harness';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  statusCode?: number;
  responseTimeMs?: number;
  req?: { method: string; route: string };
}

/** A test app whose log lines are collected as parsed JSON. */
async function appWithLog(env: Record<string, string>): Promise<{ app: App; lines: () => LogLine[] }> {
  let text = '';
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const app = await createTestApp(env, { logStream: stream });
  return {
    app,
    lines: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LogLine),
  };
}

describe('request log', () => {
  let app: App | undefined;
  afterEach(async () => app?.close());

  it('writes nothing for a quick request at the default level', async () => {
    const logged = await appWithLog({ LOG_LEVEL: 'info' });
    app = logged.app;
    expect((await api(app).get('/api/plans')).status).toBe(200);
    expect(logged.lines().filter((line) => line.req)).toEqual([]);
  });

  it('warns of a slow request with its route, status and timing', async () => {
    const logged = await appWithLog({ LOG_LEVEL: 'warn', SLOW_REQUEST_MS: '1' });
    app = logged.app;
    // Waits on the database, so it takes at least a millisecond.
    expect((await api(app).post('/api/auth/login', { email: 'nobody@example.com', password: 'Wr0ng!passphrase' })).status).toBe(401);
    const [slow] = logged.lines().filter((line) => line.msg === 'slow request');
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
    const logged = await appWithLog({ LOG_LEVEL: 'debug' });
    app = logged.app;
    await api(app).get('/api/plans');
    await api(app).get('/api/plans');
    const completed = logged.lines().filter((line) => line.msg === 'request completed');
    expect(completed).toMatchObject([
      { level: 20, statusCode: 200, req: { route: '/api/plans' } },
      { level: 20, statusCode: 200, req: { route: '/api/plans' } },
    ]);
    expect(new Set(completed.map((line) => line.reqId)).size).toBe(2);
  });
});
