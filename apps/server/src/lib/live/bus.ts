import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database, Executor } from '../../db/client';
import type { Log } from '../logging';
import { notify } from './notify.repository';

/**
 * A signal that something changed ("visit 42 changed"), never the change itself: a subscriber reads
 * the state again, through the same checks as any read. It stays small (it travels in a NOTIFY) and
 * carries no health data, so nothing sensitive passes through the database's notification queue.
 */
export interface LiveEvent {
  type: string;
  id?: string;
}

type LiveListener = (event: LiveEvent) => void;

/**
 * Sent to every listener after the listening connection came back: events published while it was
 * down were lost, so each subscriber reads its state again.
 */
export const RESYNC: LiveEvent = { type: 'resync' };

/** Events on named topics, delivered to the listeners of every instance on the same database. */
export interface LiveBus {
  /**
   * Sends an event to the topic's listeners on every instance. With a transaction as `executor` it
   * goes out only when the transaction commits, and never if it rolls back.
   */
  publish(topic: string, event: LiveEvent, executor?: Executor): Promise<void>;
  /** Listens on a topic of this instance; answers the function that stops listening. */
  subscribe(topic: string, listener: LiveListener): () => void;
  /** How many listeners this instance holds, over all topics. */
  listenerCount(): number;
  close(): Promise<void>;
}

/**
 * Where notifications travel: the Postgres server (a connection of its own that listens, per
 * instance), or the embedded PGlite, which is one process and notifies within it.
 */
export type LiveSource =
  { kind: 'postgres'; db: Database; connectionString: string } | { kind: 'pglite'; db: Database; client: Pick<PGlite, 'listen'> };

/** One channel for every topic: each instance listens once, however many topics its clients watch. */
const CHANNEL = 'live_updates';
/** Postgres refuses a NOTIFY payload of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7_999;
/** Waits between attempts to listen again after the connection dropped: doubling, capped. */
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;

/** The notification's text: the topic and the event's two fields, whatever else the caller's object holds. */
function encode(topic: string, event: LiveEvent): string {
  if (topic.length === 0) throw new Error('live event: the topic is empty');
  if (typeof event.type !== 'string' || event.type.length === 0) throw new Error('live event: the type is empty');
  const payload = JSON.stringify([topic, event.id === undefined ? { type: event.type } : { type: event.type, id: event.id }]);
  const bytes = Buffer.byteLength(payload);
  if (bytes > MAX_PAYLOAD_BYTES) throw new Error(`live event: ${bytes} bytes, more than a notification carries (${MAX_PAYLOAD_BYTES})`);
  return payload;
}

/** A notification's topic and event, or null for text this bus did not write. */
function decode(payload: string): [string, LiveEvent] | null {
  try {
    const parsed: unknown = JSON.parse(payload);
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [topic, event] = parsed as [unknown, { type?: unknown; id?: unknown } | null];
    if (typeof topic !== 'string' || typeof event?.type !== 'string') return null;
    return [topic, typeof event.id === 'string' ? { type: event.type, id: event.id } : { type: event.type }];
  } catch {
    return null;
  }
}

/**
 * Opens the bus on the database the server runs on. Every event, including this instance's own,
 * comes back through the database, so a listener sees events in the order the database committed
 * them, wherever they were published.
 */
export async function openLiveBus(source: LiveSource, log: Log): Promise<LiveBus> {
  const topics = new Map<string, Set<LiveListener>>();
  let listeners = 0;

  function deliver(topic: string, event: LiveEvent) {
    const subscribed = topics.get(topic);
    if (!subscribed) return;
    // A copy: a listener may unsubscribe (its stream ended) while the others are being told.
    for (const listener of [...subscribed]) {
      try {
        listener(event);
      } catch (error) {
        // The topic names a record, never what it holds; the event is not logged.
        log.error({ err: error, topic }, 'live event listener failed');
      }
    }
  }
  const received = (payload: string) => {
    const decoded = decode(payload);
    if (decoded) deliver(...decoded);
  };
  const resyncAll = () => {
    for (const topic of [...topics.keys()]) deliver(topic, RESYNC);
  };

  const stopListening =
    source.kind === 'postgres'
      ? await listenOnServer(source.connectionString, received, resyncAll, log)
      : await source.client.listen(CHANNEL, received);

  return {
    async publish(topic, event, executor = source.db) {
      await notify(executor, CHANNEL, encode(topic, event));
    },
    subscribe(topic, listener) {
      // Each subscription is its own entry, so one listener subscribed twice is told twice and unsubscribes one at a time.
      const entry: LiveListener = (event) => listener(event);
      let subscribed = topics.get(topic);
      if (!subscribed) topics.set(topic, (subscribed = new Set()));
      subscribed.add(entry);
      listeners += 1;
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        listeners -= 1;
        subscribed.delete(entry);
        if (subscribed.size === 0 && topics.get(topic) === subscribed) topics.delete(topic);
      };
    },
    listenerCount: () => listeners,
    async close() {
      topics.clear();
      listeners = 0;
      await stopListening();
    },
  };
}

/**
 * LISTENs on a connection of its own, outside the pools: a pooled connection is handed to other
 * queries and would lose the LISTEN when returned. When the connection drops (a restart, a failover,
 * a terminated backend) it connects again with growing waits and tells `reconnected`, since
 * notifications sent meanwhile are lost. The first connection must succeed: the server does not start
 * without live updates. Answers the function that stops listening.
 */
async function listenOnServer(connectionString: string, received: (payload: string) => void, reconnected: () => void, log: Log) {
  let current: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let wait = RECONNECT_FIRST_MS;

  async function connect() {
    // keepAlive: a connection that only listens sends nothing, and a dead peer is otherwise noticed only by TCP, hours later.
    const client = new pg.Client({ connectionString, keepAlive: true, connectionTimeoutMillis: 10_000 });
    client.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) received(message.payload);
    });
    client.on('error', (error) => dropped(client, error.message));
    client.on('end', () => dropped(client, 'connection ended'));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await client.end();
      return;
    }
    current = client;
  }

  function dropped(client: pg.Client, reason: string) {
    if (client !== current || closed) return;
    current = null;
    log.warn({ reason }, 'live updates: the listening connection dropped; connecting again');
    client.end().catch(() => undefined);
    scheduleReconnect();
  }

  function scheduleReconnect() {
    retry = setTimeout(() => {
      connect().then(
        () => {
          wait = RECONNECT_FIRST_MS;
          if (!closed) reconnected();
        },
        (error: unknown) => {
          if (closed) return;
          log.warn({ reason: error instanceof Error ? error.message : String(error), retryMs: wait }, 'live updates: cannot listen yet');
          wait = Math.min(wait * 2, RECONNECT_MAX_MS);
          scheduleReconnect();
        },
      );
    }, wait);
  }

  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end();
  };
}
