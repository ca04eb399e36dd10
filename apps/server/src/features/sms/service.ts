import { messages, usPhoneE164, type SmsKind } from '@app/shared';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import type { Log } from '../../lib/logging';
import { createOutboxWorker } from '../../lib/outbox-worker';
import { devOutboxGateway, type SmsGateway } from './gateway';
import { createTwilioGateway } from './twilio-gateway';
import { claimDueTexts, findTextRecipient, insertText, markTextFailed, markTextSent, type TextRow } from './repository';

/** The provider SMS_URL names, or the dev outbox without one. */
export const createSmsGateway = (config: Pick<Config, 'sms'>): SmsGateway =>
  config.sms ? createTwilioGateway(config.sms) : devOutboxGateway;

/** Where every text's link leads: the member's own page, which says what is waiting without the text saying it. */
const TEXT_LINK_PATH = '/profile';

/** Each kind's words, once: a nudge and a link, never what a visit is about. */
const TEXT_BODIES: Record<SmsKind, (brand: string, link: string) => string> = {
  'doctor-ready': messages.textDoctorReady,
  'visit-message': messages.textVisitMessage,
};

/** The body of a text of this kind, with the brand and the site's link. */
const textBody = (config: Pick<Config, 'brand' | 'appUrl'>, kind: SmsKind) =>
  TEXT_BODIES[kind](config.brand.name, `${config.appUrl}${TEXT_LINK_PATH}`);

/** `ctx.sms`: texts queued with the change that causes them, and the worker that sends them (decision 053). */
export interface TextMessages {
  /**
   * Queues a text of `kind` to the member, in the caller's transaction `db`: only to a member who
   * agreed to texts and has a US phone on file; anyone else is skipped. Resolves whether it was queued.
   */
  queueText(db: Executor, userId: string, kind: SmsKind): Promise<boolean>;
  /** Sends every text that is due, once; the worker's loop calls it. */
  deliverDue(): Promise<number>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

export function createTextMessages(deps: {
  db: Database;
  gateway: SmsGateway;
  config: Pick<Config, 'brand' | 'appUrl' | 'env' | 'sms'>;
  log: Log;
}): TextMessages {
  const { db, gateway, config } = deps;
  // In production without a provider nobody could read a text, so none is kept.
  const keepsAny = config.sms !== null || config.env !== 'production';
  const worker = createOutboxWorker<TextRow>(
    {
      name: 'text',
      claimDue: (limit, leaseMs) => claimDueTexts(db, { limit, leaseMs }),
      async send(row) {
        // Forgotten rows are never claimed: only sent or given-up texts lose their number.
        if (row.recipient === null || row.body === null) throw new Error('text has no recipient or body');
        await gateway.send(row.recipient, row.body);
      },
      markSent: (row) => markTextSent(db, row.id, { forget: !gateway.keepsTexts }),
      markFailed: (row, reason, retryAt) => markTextFailed(db, row.id, reason, retryAt),
      describe: (row) => ({ textId: row.id, kind: row.kind }),
    },
    deps.log,
  );
  return {
    async queueText(tx, userId, kind) {
      if (!keepsAny) return false;
      const member = await findTextRecipient(tx, userId);
      const to = member?.phone ? usPhoneE164(member.phone) : null;
      if (!member?.smsPolicyAccepted || member.disabledAt || !to) return false;
      await insertText(tx, { userId, recipient: to, body: textBody(config, kind), kind });
      return true;
    },
    deliverDue: worker.deliverDue,
    start: worker.start,
    stop: worker.stop,
  };
}
