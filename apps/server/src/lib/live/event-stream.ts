import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RESYNC, type LiveBus, type LiveEvent } from './bus';

/** The event streams open on a server, which its close ends. */
export interface EventStreams {
  /** How often an idle stream sends a comment, so proxies and the browser keep the connection. */
  heartbeatMs: number;
  /** How many streams are open now (the metrics read it). */
  count(): number;
}

interface StreamRegistry extends EventStreams {
  /** Each open stream's end, and when its response has closed. */
  open: Map<() => void, Promise<void>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    eventStreams: StreamRegistry;
  }
}

/** A comment every 20 s: under the idle timeouts of common proxies and load balancers (nginx: 60 s). */
const HEARTBEAT_MS = 20_000;
/**
 * A client that reads slower than its state changes would have frames pile up in memory: past this
 * much unsent, its stream ends and the client reconnects to the current state.
 */
const MAX_UNSENT_BYTES = 256 * 1024;
const clientLeft = () => Object.assign(new Error('the client closed the event stream'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });

/**
 * Lets routes open event streams (`openEventStream`), and ends every open stream as the server
 * begins to close: the server waits for responses under way, and a stream would otherwise hold its
 * stop until SHUTDOWN_TIMEOUT_MS cut it. The close waits until their responses have closed, so that
 * the hooks that run on a response (the audit trail's) have seen them before their own close hooks
 * run. Registered on the root instance, before the routes and the audit trail.
 */
export function registerEventStreams(app: FastifyInstance, options: { heartbeatMs?: number } = {}): EventStreams {
  const open = new Map<() => void, Promise<void>>();
  const registry: StreamRegistry = { heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS, open, count: () => open.size };
  app.decorate('eventStreams', registry);
  app.addHook('preClose', async () => {
    const closing = [...open];
    for (const [end] of closing) end();
    await Promise.all(closing.map(([, closed]) => closed));
  });
  return registry;
}

export interface EventStreamOptions<T> {
  live: LiveBus;
  /** The topics whose events make the stream read and send the state again. */
  topics: readonly string[];
  /**
   * The current state, as the client should show it: read when the stream opens (a client that
   * reconnects is up to date at once), after each event on a topic, and after a resync. Reads do not
   * overlap: events during a read make one more read after it, given the latest. A failed read ends
   * the stream.
   *
   * A read after an event is given that event, the same object for every stream it woke on this
   * instance, so that the reads of many streams may share work keyed by it. A first read and a read
   * after a resync are given nothing: they share nothing.
   */
  read: (wake?: LiveEvent) => Promise<T>;
  /** The frames' event name; `state` by default. */
  event?: string;
  /**
   * Something held for as long as the stream is open (a record that its viewer is watching): renewed
   * with each heartbeat, and released once the response has closed, however it ended. A closing
   * server waits for the release. Its failures are logged and leave the stream as it is.
   */
  lease?: { renew(): Promise<void>; release(): Promise<void> };
}

/**
 * Answers the request with a Server-Sent Events stream of the state (`event:`, `id:`, `data:` JSON
 * frames), until the client goes away or the server closes. The route authorizes the request first,
 * as any other (the browser reads the stream with fetch and its Authorization header), and answers
 * 404 itself for a record that does not exist: the browser stops on 401, 403 and 404, but reconnects
 * to a stream that ends. Return what this answers from the handler.
 */
export function openEventStream<T>(request: FastifyRequest, reply: FastifyReply, options: EventStreamOptions<T>): FastifyReply {
  const streams = request.server.eventStreams;
  const name = options.event ?? 'state';
  const body = new PassThrough();
  let sequence = 0;
  let ended = false;
  let reading = false;
  let readAgain = false;
  let nextWake: LiveEvent | undefined;

  const write = (frame: string) => {
    if (ended) return;
    if (body.writableLength > MAX_UNSENT_BYTES) {
      end();
      return;
    }
    body.write(frame);
  };

  async function refresh(wake?: LiveEvent) {
    nextWake = wake === RESYNC ? undefined : wake;
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    try {
      do {
        readAgain = false;
        const state = await options.read(nextWake);
        sequence += 1;
        write(`event: ${name}\nid: ${sequence}\ndata: ${JSON.stringify(state)}\n\n`);
      } while (readAgain && !ended);
    } catch (error) {
      // The error only: the state may hold health data.
      request.log.error({ err: error }, 'event stream: reading the state failed');
      end();
    } finally {
      reading = false;
    }
  }

  const unsubscribe = options.topics.map((topic) => options.live.subscribe(topic, (event) => void refresh(event)));
  const onLease = (step: 'renew' | 'release') => async () => {
    try {
      await options.lease?.[step]();
    } catch (error) {
      request.log.error({ err: error }, `event stream: the lease's ${step} failed`);
    }
  };
  const heartbeat = setInterval(() => {
    write(': heartbeat\n\n');
    void onLease('renew')();
  }, streams.heartbeatMs);

  function end() {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    for (const stop of unsubscribe) stop();
    streams.open.delete(end);
    body.end();
  }
  streams.open.set(end, new Promise((resolve) => reply.raw.once('close', resolve)).then(onLease('release')));
  reply.raw.once('close', () => {
    end();
    // Fastify runs the response hooks (the audit trail, the request log, the metrics) when a response
    // finishes or fails, never when its client leaves first, which is how a stream usually ends. The
    // stream was answered, so its leaving is reported as the premature close it is: the hooks run,
    // and Fastify, which expects that error from clients that go away, sends no error answer.
    if (!reply.raw.writableFinished && reply.raw.listenerCount('error') > 0) reply.raw.emit('error', clientLeft());
  });

  void refresh();
  return (
    reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      // nginx would otherwise buffer the frames until its buffer fills.
      .header('x-accel-buffering', 'no')
      // The connection closes with the stream, so that a server that is stopping, which ends its
      // streams, has no kept-alive connection left to wait for.
      .header('connection', 'close')
      .send(body)
  );
}

/** Whether the reply is an event stream: the request log and the metrics leave its duration out. */
export const isEventStream = (reply: FastifyReply) => String(reply.getHeader('content-type')).startsWith('text/event-stream');
