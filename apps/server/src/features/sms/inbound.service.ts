import { messages, smsKeyword, usPhoneE164 } from '@app/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { forbidden } from '../../lib/errors';
import { findUserIdsByPhone, insertConsentRecords, setSmsConsent } from './repository';
import { hasTwilioSignature } from './twilio-gateway';

/** The provider's webhook path; its signature covers the public URL, APP_URL followed by this and any query. */
export const INBOUND_PATH = '/api/sms/inbound';

/** Refuses a webhook call the provider did not sign for this URL and these parameters. */
export function assertSignedByProvider(
  config: Pick<Config, 'appUrl'> & { sms: NonNullable<Config['sms']> },
  pathAndQuery: string,
  params: Record<string, string>,
  signature: string | undefined,
) {
  if (!hasTwilioSignature(config.sms.authToken, `${config.appUrl}${pathAndQuery}`, params, signature))
    throw forbidden(messages.accessDenied);
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The TwiML answer: the reply to text back, or none. */
const twiml = (reply?: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response>${reply === undefined ? '' : `<Message>${escapeXml(reply)}</Message>`}</Response>`;

/**
 * A text a member sent us. STOP (and its synonyms) turns texts off for every account with that number,
 * START turns them on again, each kept as a consent record; HELP is answered in the TwiML reply, at
 * once. Anything else is not read: the answer says nothing back.
 */
export async function receiveText(deps: { db: Database; config: Pick<Config, 'brand'> }, from: string, body: string): Promise<string> {
  const keyword = smsKeyword(body);
  if (keyword === 'help') return twiml(messages.smsHelpReply(deps.config.brand.name, deps.config.brand.supportPhone));
  const e164 = usPhoneE164(from);
  if ((keyword === 'stop' || keyword === 'start') && e164) {
    const granted = keyword === 'start';
    await deps.db.transaction(async (tx) => {
      const userIds = await findUserIdsByPhone(tx, e164);
      await setSmsConsent(tx, userIds, granted);
      await insertConsentRecords(tx, userIds, { granted, source: 'sms-keyword', ip: null });
    });
  }
  return twiml();
}
