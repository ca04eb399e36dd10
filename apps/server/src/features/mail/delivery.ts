import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createOutboxWorker, retryDelayMs } from '../../lib/outbox-worker';
import { claimDueMail, markMailFailed, markMailSent, type OutboxRow, type QueuedMail } from './repository';
import type { Letter } from '../../db/schema';
import { renderLetter, type MailBodies } from './templates';

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

/** The files a message's letter asks for (a receipt's PDF), made when it is sent. */
export type AttachmentMaker = (letter: Letter) => Promise<{ filename: string; contentType: string; content: Buffer }[]>;

/** Without SMTP_URL (development only) a message counts as delivered to the dev mailbox at /dev/mailbox. */
function createSender(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'brand'>, attachments: AttachmentMaker): Sender | null {
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
    await transport.sendMail({
      from: config.mailFrom,
      to: row.recipient,
      subject: row.subject,
      ...mailBodies(config.brand, row),
      attachments: row.letter ? await attachments(row.letter) : [],
    });
  };
}

export function createMailDelivery(deps: {
  db: Database;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'brand'>;
  log: FastifyBaseLogger;
  attachments?: AttachmentMaker;
}): MailDelivery {
  const send = createSender(deps.config, deps.attachments ?? (() => Promise.resolve([])));
  const worker = createOutboxWorker<Outgoing>(
    {
      name: 'mail',
      claimDue: (limit, leaseMs) => claimDueMail(deps.db, { limit, leaseMs }),
      send: async (row) => send?.(row),
      markSent: (row) => markMailSent(deps.db, row.id, { forgetBody: send !== null }),
      // Mail is never given up: a refused address may be fixed, and a later attempt costs nothing.
      markFailed: (row, reason, retryAt) =>
        markMailFailed(deps.db, row.id, reason, retryAt ?? new Date(Date.now() + retryDelayMs(row.attempts))),
      describe: (row) => ({ mailId: row.id, kind: row.kind }),
    },
    deps.log,
  );

  return {
    send({ id, mail }) {
      // The lease was taken as it was queued, and counted as its first attempt.
      return worker.deliverLeased({
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
    deliverDue: worker.deliverDue,
    start: worker.start,
    stop: worker.stop,
  };
}
