import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { claimDueMail, MAIL_LEASE_MS, markMailFailed, markMailSent, type OutboxRow, type QueuedMail } from './repository';
import { renderLetter, type MailBodies } from './templates';

/** Retry delays after each failed attempt: 30 s doubling up to an hour, then hourly. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export interface MailDelivery {
  /**
   * Sends a message queued by `queueMailToSend` (after its transaction committed), without claiming
   * it: it is leased to this process. Resolves true when the mail server accepted it; never
   * rejects, so a request need not wait for it, and the worker retries a failure.
   */
  send(queued: QueuedMail): Promise<boolean>;
  /** Sends every message that is due, once; the worker's loop calls it. */
  deliverDue(): Promise<number>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

/** What a message's bodies are made from: its letter, or the bodies of a message queued before there were letters. */
type Content = Pick<OutboxRow, 'letter' | 'textBody' | 'htmlBody'>;

/** The bodies a message is sent (and shown in the dev mailbox) with, laid out in the brand's layout. */
export function mailBodies(brand: Config['brand'], content: Content): MailBodies {
  if (content.letter) return renderLetter(brand, content.letter);
  // Queued before migration 0016, laid out then (a check constraint keeps both bodies there).
  return { text: content.textBody ?? '', html: content.htmlBody ?? '' };
}

/** What sending a message needs of its outbox row. */
type Outgoing = Pick<OutboxRow, 'id' | 'recipient' | 'subject' | 'kind' | 'attempts'> & Content;
type Sender = (row: Outgoing) => Promise<void>;

/** Without SMTP_URL (development only) a message counts as delivered to the dev mailbox at /dev/mailbox. */
function createSender(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'brand'>): Sender | null {
  if (!config.smtpUrl) return null;
  // A mail server that accepts the connection and then says nothing must not hold a send (and a
  // request waiting on it) for nodemailer's default of minutes; the outbox retries later.
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return async (row) => {
    await transport.sendMail({ from: config.mailFrom, to: row.recipient, subject: row.subject, ...mailBodies(config.brand, row) });
  };
}

export function createMailDelivery(deps: {
  db: Database;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'brand'>;
  log: FastifyBaseLogger;
}): MailDelivery {
  const send = createSender(deps.config);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  // Once stopping, the worker sends the rest of the batch it holds and claims no other.
  let stopping = false;
  // Sends that requests started; stopping waits for them, so a shutdown does not cut an SMTP
  // conversation after the server took the message but before the outbox recorded it.
  const inFlight = new Set<Promise<boolean>>();

  async function attempt(row: Outgoing): Promise<boolean> {
    try {
      await send?.(row);
      await markMailSent(deps.db, row.id, { forgetBody: send !== null });
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      deps.log.warn({ mailId: row.id, kind: row.kind, attempts: row.attempts, reason }, 'mail delivery failed; will retry');
      await markMailFailed(deps.db, row.id, reason, new Date(Date.now() + retryDelayMs(row.attempts)));
      return false;
    }
  }

  /** Sends due mail batch by batch until none is due, or until `stop` says to claim no more. */
  async function deliverBatches(stop: () => boolean): Promise<number> {
    let sent = 0;
    while (!stop()) {
      const batch = await claimDueMail(deps.db, { limit: 20, leaseMs: MAIL_LEASE_MS });
      if (batch.length === 0) return sent;
      for (const row of batch) if (await attempt(row)) sent++;
    }
    return sent;
  }
  const deliverDue = () => deliverBatches(() => false);

  /** Sends a message this process holds the lease of; a failure is logged and left to the worker, and stopping waits for it. */
  function deliverLeased(row: Outgoing): Promise<boolean> {
    const delivery = attempt(row).catch((error: unknown) => {
      deps.log.error({ err: error, mailId: row.id }, 'immediate mail delivery failed; the worker will retry');
      return false;
    });
    inFlight.add(delivery);
    void delivery.finally(() => inFlight.delete(delivery));
    return delivery;
  }

  return {
    send({ id, mail }) {
      // The lease was taken as it was queued, and counted as its first attempt.
      return deliverLeased({
        id,
        recipient: mail.to,
        subject: mail.subject,
        letter: mail.letter,
        textBody: null,
        htmlBody: null,
        kind: mail.kind,
        attempts: 1,
      });
    },
    deliverDue,
    start(intervalMs = 5_000) {
      if (timer) return;
      stopping = false;
      const tick = () => {
        running = deliverBatches(() => stopping)
          .catch((error: unknown) => deps.log.error({ err: error }, 'mail worker pass failed'))
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
