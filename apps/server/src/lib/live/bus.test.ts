import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database, type DatabaseHandle } from '../../db/client';
import { createTestConfig, eventually } from '../../test/harness';
import { openLiveBus, RESYNC, type LiveBus, type LiveEvent } from './bus';

/** A log that keeps its lines, so a test can see what the bus reported. */
function keptLog() {
  const lines: { level: string; details: object; message: string }[] = [];
  const at = (level: string) => (details: object, message: string) => void lines.push({ level, details, message });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

/** The events a topic receives, in order, and a wait for the next one. */
function collect(bus: LiveBus, topic: string) {
  const events: LiveEvent[] = [];
  const unsubscribe = bus.subscribe(topic, (event) => events.push(event));
  return {
    events,
    unsubscribe,
    /** The events once there are `count` of them. */
    next: (count = 1) => eventually(`${count} events on ${topic}`, () => Promise.resolve(events.length >= count ? events : undefined)),
  };
}

/** What both backends must do, on a bus and the database it publishes through. */
function behavesAsABus(open: () => { publisher: LiveBus; subscriber: LiveBus; db: () => Database }) {
  it('delivers an event to every listener of its topic only, and to none once they unsubscribe', async () => {
    const { publisher, subscriber } = open();
    const first = collect(subscriber, 'visit:1');
    const second = collect(subscriber, 'visit:1');
    const other = collect(subscriber, 'visit:2');
    await publisher.publish('visit:1', { type: 'visit-changed', id: '1' });
    await publisher.publish('visit:2', { type: 'visit-changed', id: '2' });
    expect(await first.next()).toEqual([{ type: 'visit-changed', id: '1' }]);
    expect(await second.next()).toEqual([{ type: 'visit-changed', id: '1' }]);
    expect(await other.next()).toEqual([{ type: 'visit-changed', id: '2' }]);

    first.unsubscribe();
    first.unsubscribe();
    await publisher.publish('visit:1', { type: 'visit-changed', id: '1' });
    expect(await second.next(2)).toHaveLength(2);
    expect(first.events).toHaveLength(1);
    second.unsubscribe();
    other.unsubscribe();
    expect(subscriber.listenerCount()).toBe(0);
  });

  it('sends nothing for a rolled-back transaction, and an event published in a committed one at its commit', async () => {
    const { publisher, subscriber, db } = open();
    const queue = collect(subscriber, 'queue:MO');
    await expect(
      db().transaction(async (tx) => {
        await publisher.publish('queue:MO', { type: 'rolled-back' }, tx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await db().transaction(async (tx) => {
      await publisher.publish('queue:MO', { type: 'committed' }, tx);
      // Not before the commit: a reader told now would read the state without the change.
      await tx.execute(sql`SELECT pg_sleep(0.05)`);
      expect(queue.events).toEqual([]);
    });
    // Published after both: had the rolled-back event been sent, it would have come first.
    await publisher.publish('queue:MO', { type: 'after' });
    expect(await queue.next(2)).toEqual([{ type: 'committed' }, { type: 'after' }]);
    queue.unsubscribe();
  });

  it('refuses an event a notification cannot carry, and sends only the type and id of the object it is given', async () => {
    const { publisher, subscriber } = open();
    await expect(publisher.publish('visit:1', { type: 'visit-changed', id: 'x'.repeat(8_000) })).rejects.toThrow(
      /more than a notification carries/,
    );
    await expect(publisher.publish('visit:1', { type: '' })).rejects.toThrow(/type is empty/);
    const visit = collect(subscriber, 'visit:1');
    const withMore = { type: 'visit-changed', id: '1', note: 'sore throat' } as LiveEvent;
    await publisher.publish('visit:1', withMore);
    expect(await visit.next()).toEqual([{ type: 'visit-changed', id: '1' }]);
    visit.unsubscribe();
  });

  it('keeps telling the other listeners when one throws', async () => {
    const { publisher, subscriber } = open();
    const stop = subscriber.subscribe('visit:3', () => {
      throw new Error('listener bug');
    });
    const visit = collect(subscriber, 'visit:3');
    await publisher.publish('visit:3', { type: 'visit-changed' });
    expect(await visit.next()).toEqual([{ type: 'visit-changed' }]);
    stop();
    visit.unsubscribe();
  });
}

describe('the live bus on the embedded database (one process)', () => {
  let client: PGlite;
  let bus: LiveBus;
  let db: Database;
  beforeAll(async () => {
    client = await PGlite.create();
    db = drizzle(client) as unknown as Database;
    bus = await openLiveBus({ kind: 'pglite', db, client }, keptLog());
  });
  afterAll(async () => {
    await bus.close();
    await client.close();
  });

  behavesAsABus(() => ({ publisher: bus, subscriber: bus, db: () => db }));
});

/**
 * Two buses on one Postgres database, as two server instances hold them: what one publishes, the
 * other's listeners receive.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the live bus on the Postgres server (TEST_DATABASE_URL only)', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let databaseUrl: string;
  const log = keptLog();
  let instanceA: LiveBus;
  let instanceB: LiveBus;
  beforeAll(async () => {
    const test = await createTestConfig();
    drop = test.drop;
    databaseUrl = test.config.databaseUrl!;
    handle = await openDatabase(test.config);
    instanceA = await openLiveBus({ kind: 'postgres', db: handle.db, connectionString: databaseUrl }, log);
    instanceB = await openLiveBus({ kind: 'postgres', db: handle.db, connectionString: databaseUrl }, log);
  });
  afterAll(async () => {
    await instanceA?.close();
    await instanceB?.close();
    await handle?.close();
    await drop?.();
  });

  /** The server processes that LISTEN on this database: one per bus. */
  const listeningBackends = () =>
    queryRows<{ pid: number }>(
      handle.db,
      sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN live_updates'`,
    );

  behavesAsABus(() => ({ publisher: instanceB, subscriber: instanceA, db: () => handle.db }));

  it('listens on one connection per instance, however many listeners and topics it holds', async () => {
    const stops = Array.from({ length: 1_000 }, (_, i) => instanceA.subscribe(`visit:${i % 100}`, () => undefined));
    expect(instanceA.listenerCount()).toBe(1_000);
    expect(await listeningBackends()).toHaveLength(2);
    for (const stop of stops) stop();
    expect(instanceA.listenerCount()).toBe(0);
  });

  it('tells its listeners to read again after the listening connection was cut, and receives later events', async () => {
    const queue = collect(instanceA, 'queue:IL');
    const backends = await listeningBackends();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      // Both instances' listening connections go, as in a failover.
      await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [backends.map((b) => b.pid)]);
    } finally {
      await admin.end();
    }
    expect(await queue.next()).toEqual([RESYNC]);
    expect(log.lines.map((line) => line.message)).toContain('live updates: the listening connection dropped; connecting again');
    await instanceB.publish('queue:IL', { type: 'visit-queued', id: '7' });
    expect(await queue.next(2)).toEqual([RESYNC, { type: 'visit-queued', id: '7' }]);
    // The publishing instance listens again too, in its own time: its publishing does not wait for that.
    const now = await eventually('both instances to listen again', async () => {
      const listening = await listeningBackends();
      return listening.length === 2 ? listening : undefined;
    });
    expect(now.map((b) => b.pid)).not.toContain(backends[0]!.pid);
    expect(now.map((b) => b.pid)).not.toContain(backends[1]!.pid);
    queue.unsubscribe();
  });
});
