import type { Log } from './logging';

/** Retry delays after each failed attempt: 30 s doubling up to an hour, then hourly. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** How long a sender holds a message it claimed or queued leased; past that, any worker may send it. */
export const OUTBOX_LEASE_MS = 60_000;

/** A refusal that sending again cannot change (a provider's 4xx): the message is given up, not retried. */
export class PermanentDeliveryError extends Error {}

/** What the worker needs of a queued message. */
export interface OutboxMessage {
  id: string;
  /** Attempts begun so far, this one included. */
  attempts: number;
}

/** One outbox (mail, texts) as the worker sees it: its table's statements and its channel. */
export interface OutboxChannel<Message extends OutboxMessage> {
  /** What the log calls a message ('mail', 'text'). */
  name: string;
  /** Claims up to `limit` due messages for `leaseMs`, so that another worker (or instance) skips them. */
  claimDue(limit: number, leaseMs: number): Promise<Message[]>;
  /** Hands the message to the provider; throws when it was not taken. */
  send(message: Message): Promise<void>;
  markSent(message: Message): Promise<void>;
  /** `retryAt` null: never tried again. */
  markFailed(message: Message, reason: string, retryAt: Date | null): Promise<void>;
  /** What the log may say of a message: never its address or what it says. */
  describe(message: Message): Record<string, unknown>;
}

export interface OutboxWorker<Message extends OutboxMessage> {
  /**
   * Sends a message this process queued leased (after its transaction committed), without claiming
   * it. Resolves true when the provider took it; never rejects, so a request need not wait for it,
   * and the worker retries a failure. Stopping waits for it.
   */
  deliverLeased: (message: Message) => Promise<boolean>;
  /** Sends every message that is due, once; the worker's loop calls it. */
  deliverDue: () => Promise<number>;
  start: (intervalMs?: number) => void;
  stop: () => Promise<void>;
}

/**
 * The delivery loop an outbox shares with the others (decision 006): claims due messages under a
 * lease, sends each, and marks it sent or failed with a retry further out each time.
 */
export function createOutboxWorker<Message extends OutboxMessage>(channel: OutboxChannel<Message>, log: Log): OutboxWorker<Message> {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  // Once stopping, the worker sends the rest of the batch it holds and claims no other.
  let stopping = false;
  // Sends that requests started; stopping waits for them, so a shutdown does not cut a conversation
  // with the provider after it took the message but before the outbox recorded it.
  const inFlight = new Set<Promise<boolean>>();

  async function attempt(message: Message): Promise<boolean> {
    try {
      await channel.send(message);
      await channel.markSent(message);
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof PermanentDeliveryError;
      log.warn(
        { ...channel.describe(message), attempts: message.attempts, reason },
        permanent ? `${channel.name} refused; given up` : `${channel.name} delivery failed; will retry`,
      );
      await channel.markFailed(message, reason, permanent ? null : new Date(Date.now() + retryDelayMs(message.attempts)));
      return false;
    }
  }

  /** Sends due messages batch by batch until none is due, or until `stop` says to claim no more. */
  async function deliverBatches(stop: () => boolean): Promise<number> {
    let sent = 0;
    while (!stop()) {
      const batch = await channel.claimDue(20, OUTBOX_LEASE_MS);
      if (batch.length === 0) return sent;
      for (const message of batch) if (await attempt(message)) sent++;
    }
    return sent;
  }

  return {
    deliverLeased(message) {
      const delivery = attempt(message).catch((error: unknown) => {
        log.error({ err: error, ...channel.describe(message) }, `immediate ${channel.name} delivery failed; the worker will retry`);
        return false;
      });
      inFlight.add(delivery);
      void delivery.finally(() => inFlight.delete(delivery));
      return delivery;
    },
    deliverDue: () => deliverBatches(() => false),
    start(intervalMs = 5_000) {
      if (timer) return;
      stopping = false;
      const tick = () => {
        running = deliverBatches(() => stopping)
          .catch((error: unknown) => log.error({ err: error }, `${channel.name} worker pass failed`))
          .finally(() => {
            if (timer) timer = setTimeout(tick, intervalMs);
          });
      };
      timer = setTimeout(tick, 0);
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await Promise.allSettled([running, ...inFlight]);
    },
  };
}
