// live: BENCH_LIVE_STREAMS (1,000) event streams open on one server process, all following one visit
// (the live-updates library, apps/server/src/lib/live, behind the server's own Fastify, on Postgres);
// the bench, as another instance, changes the visit and publishes BENCH_LIVE_CHANGES (20) times, and
// every stream's client times each change from its publication to the frame that shows it.
// Waiting rooms (run by the clinic part, on the built server): BENCH_LIVE_ROOMS (1,000) patients' real
// waiting rooms (GET /api/visits/{id}/events, each with its session and presence) open on one
// instance, while clinicians claim the oldest request of their state: each claim reaches the claimed
// visit's page and moves every other room's place in the queue.
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { cpuMs, freePort, percentile, pidOf, postgresCpuMs, round, startProcess, withPostgresDatabase } from '../shared';

export const LIVE_STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 1_000);
export const LIVE_CHANGES = Number(process.env.BENCH_LIVE_CHANGES ?? 20);
export const LIVE_ROOMS = Number(process.env.BENCH_LIVE_ROOMS ?? 1_000);
/** Claims made while the waiting rooms are open, one at a time. */
export const ROOM_CLAIMS = 10;
/** A change not seen by every stream by then is counted as missed. */
const CHANGE_TIMEOUT_MS = 10_000;
const TOPIC = 'visit:1';

export interface LiveResult {
  streams: number;
  changes: number;
  /** Frames that showed a change, of streams × changes. */
  delivered: number;
  missed: number;
  /** From the publication to a stream's frame, over every stream and change. */
  latencyMs: { p50: number; p95: number; max: number };
  /** From the publication to the last stream's frame, the median over the changes. */
  allStreamsMedianMs: number;
  /** CPU per change of the streams' server process and of Postgres, in ms. */
  cpuMsPerChange: { server: number | null; postgres: number | null };
}

/**
 * The streams' server, run in a process of its own (`serveStreams` from the part's module, through
 * tsx): one Fastify with the server's settings, the live bus on the Postgres database named by
 * BENCH_LIVE_DATABASE_URL, and GET /visits/:id/events, whose state is the visit's row.
 * @public (started by its module path, which knip cannot follow)
 */
export async function serveStreams(): Promise<void> {
  const { loadConfig } = await import('../../../../apps/server/src/config');
  const { createFastify } = await import('../../../../apps/server/src/app');
  const { openDatabase } = await import('../../../../apps/server/src/db/client');
  const { openLiveBus } = await import('../../../../apps/server/src/lib/live/bus');
  const { openEventStream, registerEventStreams } = await import('../../../../apps/server/src/lib/live/event-stream');
  const databaseUrl = process.env.BENCH_LIVE_DATABASE_URL!;
  const dataDir = mkdtempSync(join(tmpdir(), 'telehealth-bench-live-'));
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', CAPTCHA: 'off' });
  const handle = await openDatabase(config);
  if (handle.kind !== 'postgres') throw new Error('the live part runs on Postgres');
  const live = await openLiveBus({ kind: 'postgres', db: handle.db, connectionString: databaseUrl }, console);
  const app = createFastify(config);
  registerEventStreams(app);
  app.get('/ready', () => 'ready');
  app.get<{ Params: { id: string } }>('/visits/:id/events', (request, reply) =>
    openEventStream(request, reply, {
      live,
      topics: [`visit:${request.params.id}`],
      read: async () =>
        (await handle.pool.query<{ status: string }>('SELECT status FROM bench_visits WHERE id = $1', [request.params.id])).rows[0],
    }),
  );
  app.addHook('onClose', async () => {
    await live.close();
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
}

/** One stream's client: node:http, as cheap a reader as the bench has; calls `onFrame` with each frame's data. */
export function follow<T>(url: string, onFrame: (data: T) => void, headers: Record<string, string> = {}): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { agent: false, headers }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`${url} answered ${response.statusCode}`));
        return;
      }
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .find((line) => line.startsWith('data: '));
          buffer = buffer.slice(end + 2);
          if (data) onFrame(JSON.parse(data.slice(6)) as T);
        }
      });
      response.on('error', () => undefined);
      resolve(() => request.destroy());
    });
    request.on('error', reject);
    request.end();
  });
}

export const benchLive = () =>
  withPostgresDatabase('bench_live', async (url, pg) => {
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const stops: (() => void)[] = [];
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const server = await startProcess(
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import(${JSON.stringify(new URL(import.meta.url).href)}).then((part) => part.serveStreams())`,
      ],
      { ...process.env, PORT: String(port), BENCH_LIVE_DATABASE_URL: url.toString() },
      `${baseUrl}/ready`,
    );
    try {
      await db.query('CREATE TABLE bench_visits (id int PRIMARY KEY, status text NOT NULL)');
      await db.query(`INSERT INTO bench_visits VALUES (1, 'waiting')`);
      // The bench publishes as a second instance would: its own bus on the same database.
      const { openDatabase } = await import('../../../../apps/server/src/db/client');
      const { openLiveBus } = await import('../../../../apps/server/src/lib/live/bus');
      const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '' });
      const live = await openLiveBus({ kind: 'postgres', db: handle.db, connectionString: url.toString() }, console);
      try {
        // seen[change][stream]: when that stream showed that change.
        const seen: number[][] = Array.from({ length: LIVE_CHANGES }, () => []);
        let opened = 0;
        for (let batch = 0; batch < LIVE_STREAMS; batch += 100) {
          const starting = Array.from({ length: Math.min(100, LIVE_STREAMS - batch) }, (_, i) => {
            const stream = batch + i;
            return follow<{ status: string }>(`${baseUrl}/visits/1/events`, ({ status }) => {
              const change = /^change-(\d+)$/.exec(status);
              if (change) seen[Number(change[1])]![stream] ??= performance.now();
              else if (status === 'waiting') opened += 1;
            });
          });
          stops.push(...(await Promise.all(starting)));
        }
        for (const deadline = Date.now() + CHANGE_TIMEOUT_MS; opened < LIVE_STREAMS && Date.now() < deadline;)
          await new Promise((r) => setTimeout(r, 50));
        if (opened < LIVE_STREAMS) throw new Error(`${opened} of ${LIVE_STREAMS} streams sent their first state`);

        const latencies: number[] = [];
        const lastOfEach: number[] = [];
        let missed = 0;
        const serverCpuBefore = cpuMs(pidOf(server));
        const postgresCpuBefore = postgresCpuMs();
        for (let change = 0; change < LIVE_CHANGES; change++) {
          await db.query('UPDATE bench_visits SET status = $1 WHERE id = 1', [`change-${change}`]);
          const publishedAt = performance.now();
          await live.publish(TOPIC, { type: 'visit-changed', id: '1' });
          const arrivals = seen[change]!;
          for (const deadline = Date.now() + CHANGE_TIMEOUT_MS; arrivals.filter(Boolean).length < LIVE_STREAMS && Date.now() < deadline;)
            await new Promise((r) => setTimeout(r, 5));
          const times = arrivals.filter(Boolean).map((at) => at - publishedAt);
          missed += LIVE_STREAMS - times.length;
          latencies.push(...times);
          if (times.length > 0) lastOfEach.push(Math.max(...times));
        }
        const serverCpuAfter = cpuMs(pidOf(server));
        const postgresCpuAfter = postgresCpuMs();
        const perChange = (before: number | null, after: number | null) =>
          before === null || after === null ? null : round((after - before) / LIVE_CHANGES, 1);
        return {
          streams: LIVE_STREAMS,
          changes: LIVE_CHANGES,
          delivered: latencies.length,
          missed,
          latencyMs: { p50: round(percentile(latencies, 50)), p95: round(percentile(latencies, 95)), max: round(Math.max(...latencies)) },
          allStreamsMedianMs: round(percentile(lastOfEach, 50)),
          cpuMsPerChange: { server: perChange(serverCpuBefore, serverCpuAfter), postgres: perChange(postgresCpuBefore, postgresCpuAfter) },
        } satisfies LiveResult;
      } finally {
        await live.close();
        await handle.close();
      }
    } finally {
      for (const stop of stops) stop();
      await server.stop();
      await db.end();
    }
  });

export interface WaitingRoomsResult {
  rooms: number;
  claims: number;
  /** Pages each claim changed (the claimed visit's and every later one's place), over the claims. */
  affected: number;
  missed: number;
  /** From sending the claim to the frame that shows it, over every affected page and claim. */
  latencyMs: { p50: number; p95: number; max: number };
}

/** A waiting room to open: the visit, oldest first among those of one state, and its patient's session. */
export interface Room {
  visitId: string;
  token: string;
}

interface RoomFrame {
  status: string;
  queue?: { position: number } | null;
}

/**
 * Opens every room's waiting room on the server, then makes `claims.length` claims, one at a time, of
 * the rooms' visits in order: claim k must reach room k (claimed) and every room j > k (its place now
 * j - k). Times each page from the claim's sending to the first frame that shows it.
 */
export async function followWaitingRooms(baseUrl: string, rooms: Room[], claims: (() => Promise<void>)[]): Promise<WaitingRoomsResult> {
  // seen[claim][room]: when that room showed that claim.
  const seen: number[][] = claims.map(() => []);
  const sentAt: number[] = [];
  let opened = 0;
  let misplaced = 0;
  const shows = (claim: number, room: number, frame: RoomFrame) =>
    room === claim ? frame.status === 'claimed' : room > claim && frame.status === 'waiting' && frame.queue?.position === room - claim;
  const stops: (() => void)[] = [];
  try {
    for (let batch = 0; batch < rooms.length; batch += 100) {
      const starting = rooms.slice(batch, batch + 100).map(({ visitId, token }, i) => {
        const room = batch + i;
        let first = true;
        return follow<RoomFrame>(
          `${baseUrl}/api/visits/${visitId}/events`,
          (frame) => {
            if (first) {
              first = false;
              opened += 1;
              if (frame.queue?.position !== room + 1) misplaced += 1;
            }
            const now = performance.now();
            for (let claim = 0; claim < sentAt.length; claim++) if (shows(claim, room, frame)) seen[claim]![room] ??= now;
          },
          { authorization: `Bearer ${token}` },
        );
      });
      stops.push(...(await Promise.all(starting)));
    }
    for (const deadline = Date.now() + CHANGE_TIMEOUT_MS; opened < rooms.length && Date.now() < deadline;)
      await new Promise((r) => setTimeout(r, 50));
    if (opened < rooms.length) throw new Error(`${opened} of ${rooms.length} waiting rooms sent their first state`);
    if (misplaced > 0) throw new Error(`${misplaced} waiting rooms opened at another place than their request's age gives`);

    const latencies: number[] = [];
    let affected = 0;
    let missed = 0;
    for (const [claim, make] of claims.entries()) {
      sentAt.push(performance.now());
      await make();
      const expected = rooms.length - claim;
      const arrivals = seen[claim]!;
      for (const deadline = Date.now() + CHANGE_TIMEOUT_MS; arrivals.filter(Boolean).length < expected && Date.now() < deadline;)
        await new Promise((r) => setTimeout(r, 5));
      const times = arrivals.filter(Boolean).map((at) => at - sentAt[claim]!);
      affected += expected;
      missed += expected - times.length;
      latencies.push(...times);
    }
    return {
      rooms: rooms.length,
      claims: claims.length,
      affected,
      missed,
      latencyMs: { p50: round(percentile(latencies, 50)), p95: round(percentile(latencies, 95)), max: round(Math.max(...latencies)) },
    };
  } finally {
    for (const stop of stops) stop();
  }
}

export function printWaitingRooms(w: WaitingRoomsResult): void {
  console.log(`\nwaiting rooms: ${w.rooms} open on one server (Postgres), ${w.claims} claims of their requests, one at a time`);
  console.table({ 'claim sent to frame': w.latencyMs });
  console.log(`  ${w.affected - w.missed} of ${w.affected} affected pages showed their claim (${w.missed} missed)`);
}

export function printLive(l: LiveResult): void {
  console.log(
    `\nlive updates: ${l.streams} event streams on one server process following one visit, ${l.changes} changes published by another (Postgres)`,
  );
  console.table({
    'publication to frame': { ...l.latencyMs, 'last stream (median)': l.allStreamsMedianMs },
  });
  console.log(
    `  ${l.delivered} of ${l.streams * l.changes} frames delivered (${l.missed} missed); CPU per change: server ${l.cpuMsPerChange.server} ms, Postgres ${l.cpuMsPerChange.postgres} ms`,
  );
}
