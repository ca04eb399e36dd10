import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { registerAuditTrail } from '../../plugins/audit';
import { registerAuth, requireUser, signedIn } from '../../plugins/auth';
import { registerClientIp } from '../../plugins/client-ip';
import { registerErrorHandler } from '../../plugins/error-handler';
import { registerRequestLog } from '../../plugins/request-log';
import { bareApp, bareConfig, type BareApp } from '../../test/bare-app';
import { eventually, signedInPatient, useTestApp } from '../../test/harness';
import { openEventStream, registerEventStreams } from './event-stream';
import { openStream } from '../../test/event-stream-client';

const STREAM_ROUTE = '/api/test/visits/:id/events';

/**
 * A listening server (not inject, which buffers a whole answer) with the plugins every API request
 * passes through (the session check, the audit trail, the request log), a short request timeout and
 * a quick heartbeat, and a stream route built from the helper on the whole test app's live bus.
 */
describe('an event stream through a listening server', () => {
  const server = useTestApp();
  const states = new Map<string, { status: string }>();
  /** What each stream did with its lease, by visit id. */
  const leases = new Map<string, { renewed: number; released: number }>();
  let log = '';
  let bare: BareApp;
  let base: string;
  let token: string;
  let patientId: string;
  beforeAll(async () => {
    const ctx = server.app.ctx;
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => (log += chunk.toString()));
    // Shorter than the streams the tests hold open: the request timeout must not cut a stream.
    const config = bareConfig({ REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '500', LOG_LEVEL: 'warn' });
    bare = await bareApp(
      config,
      (app) => {
        registerErrorHandler(app);
        registerEventStreams(app, { heartbeatMs: 100 });
        // Every answer counts as slow, however quick (the 401 takes under a millisecond): a stream must still not.
        registerRequestLog(app, 0);
        registerClientIp(app);
        registerAuth(app, ctx);
        registerAuditTrail(app, ctx);
        app.get<{ Params: { id: string } }>(STREAM_ROUTE, { onRequest: signedIn }, async (request, reply) => {
          requireUser(request);
          const { id } = request.params;
          if (!leases.has(id)) leases.set(id, { renewed: 0, released: 0 });
          return openEventStream(request, reply, {
            live: ctx.live,
            topics: [`visit:${id}`],
            read: () => {
              const state = states.get(id);
              return state ? Promise.resolve({ ...state }) : Promise.reject(new Error('no such visit'));
            },
            lease: {
              renew: () => {
                leases.get(id)!.renewed += 1;
                return Promise.resolve();
              },
              release: () => {
                leases.get(id)!.released += 1;
                return Promise.resolve();
              },
            },
          });
        });
      },
      { logStream },
    );
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const address = bare.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const patient = await signedInPatient(server.app);
    token = patient.token;
    patientId = patient.user.id as string;
  });

  const streamsClosed = (what: string) => eventually(what, () => Promise.resolve(bare.eventStreams.count() === 0 ? true : undefined));

  const changeVisit = async (id: string, status: string) => {
    states.set(id, { status });
    await server.app.ctx.live.publish(`visit:${id}`, { type: 'visit-changed', id });
  };

  it('answers 401 without a session, as any signed-in route', async () => {
    const response = await fetch(`${base}/api/test/visits/1/events`);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('sends its headers and the current state at once, a frame per change, heartbeats, and outlives the request timeout', async () => {
    states.set('1', { status: 'waiting' });
    const stream = await openStream(`${base}/api/test/visits/1/events`, token);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect(await stream.next()).toEqual({ event: 'state', id: '1', data: { status: 'waiting' } });

    await changeVisit('1', 'with clinician');
    expect(await stream.next()).toEqual({ event: 'state', id: '2', data: { status: 'with clinician' } });
    // Another visit's change is not this stream's.
    states.set('2', { status: 'waiting' });
    await server.app.ctx.live.publish('visit:2', { type: 'visit-changed', id: '2' });
    // Fifteen heartbeats 100 ms apart: longer than the 1 s request timeout, and the stream still delivers.
    await stream.heartbeats(15);
    await changeVisit('1', 'ended');
    expect(await stream.next()).toEqual({ event: 'state', id: '3', data: { status: 'ended' } });
    stream.abort();
  });

  it('stops listening when the client goes away, and is then logged and audited as an answered request', async () => {
    states.set('3', { status: 'waiting' });
    await streamsClosed('the earlier streams to close');
    const before = server.app.ctx.live.listenerCount();
    const streams = [
      await openStream(`${base}/api/test/visits/3/events`, token),
      await openStream(`${base}/api/test/visits/3/events`, token),
    ];
    for (const stream of streams) expect((await stream.next())?.data).toEqual({ status: 'waiting' });
    expect(server.app.ctx.live.listenerCount()).toBe(before + 2);
    expect(bare.eventStreams.count()).toBe(2);
    for (const stream of streams) stream.abort();
    await streamsClosed('the streams to close');
    expect(server.app.ctx.live.listenerCount()).toBe(before);

    const audited = await eventually('the audit rows', async () => {
      const rows = await server.app.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, `GET ${STREAM_ROUTE}`));
      // This test's two streams and the one before; the 401 is audited too, without an actor.
      return rows.length >= 4 ? rows : undefined;
    });
    expect(audited.map((row) => [row.actorUserId, row.status]).sort()).toEqual([
      [null, 401],
      [patientId, 200],
      [patientId, 200],
      [patientId, 200],
    ]);
    // Every answer is a slow request here, but for the streams. Nor is a client leaving an error.
    const lines = log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; statusCode?: number; level: number });
    expect(lines.filter((line) => line.msg === 'slow request').map((line) => line.statusCode)).toEqual([401]);
    expect(lines.filter((line) => line.level >= 40 && line.msg !== 'slow request')).toEqual([]);
  });

  it('ends a stream whose state cannot be read, logging the error only', async () => {
    const stream = await openStream(`${base}/api/test/visits/missing/events`, token);
    expect(stream.response.status).toBe(200);
    expect(await stream.next()).toBeNull();
    expect(log).toContain('event stream: reading the state failed');
    await streamsClosed('the stream to close');
  });

  it('renews its lease with each heartbeat while open, and releases it once when the client leaves', async () => {
    states.set('6', { status: 'waiting' });
    const stream = await openStream(`${base}/api/test/visits/6/events`, token);
    await stream.next();
    await stream.heartbeats(3);
    expect(leases.get('6')!.renewed).toBeGreaterThanOrEqual(2);
    expect(leases.get('6')!.released).toBe(0);
    stream.abort();
    await eventually('the lease released', () => Promise.resolve(leases.get('6')!.released === 1 ? true : undefined));
  });

  it('ends its open streams as the server closes, without waiting for them', async () => {
    states.set('4', { status: 'waiting' });
    const stream = await openStream(`${base}/api/test/visits/4/events`, token);
    expect((await stream.next())?.data).toEqual({ status: 'waiting' });
    // Would wait for the stream (and then the kept-alive connection, 72 s) past the test's time if the stream held it.
    await bare.close();
    expect(await stream.next()).toBeNull();
    expect(bare.eventStreams.count()).toBe(0);
    // The close waited for the lease's release too, which may still need the database.
    expect(leases.get('4')!.released).toBe(1);
    // Its row was queued before the audit trail's own close waited for the writes under way.
    const rows = await server.app.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, `GET ${STREAM_ROUTE}`));
    expect(rows.filter((row) => row.status === 200)).toHaveLength(6);
  });
});
