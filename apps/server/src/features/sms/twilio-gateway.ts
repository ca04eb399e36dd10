import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import { PermanentDeliveryError } from '../../lib/outbox-worker';
import type { SmsGateway } from './gateway';

type SmsProvider = NonNullable<Config['sms']>;

/** A provider that accepts the connection and then says nothing must not hold a send for long; the outbox retries. */
const SEND_TIMEOUT_MS = 10_000;

/** The provider's numeric error code from its JSON answer, when it gives one: its message may quote the number. */
async function errorCode(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { code?: unknown };
    return typeof body.code === 'number' ? ` (code ${body.code})` : '';
  } catch {
    return '';
  }
}

/**
 * Twilio's Messages API, or any provider that speaks it: a form POST with basic auth. A 4xx other than
 * 429 is a refusal of this text (a number that cannot take texts, one that replied STOP at the
 * carrier): sending it again would be refused again. 429 and 5xx are worth retrying.
 */
export function createTwilioGateway(provider: SmsProvider): SmsGateway {
  const endpoint = `${provider.url}/2010-04-01/Accounts/${encodeURIComponent(provider.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${provider.accountSid}:${provider.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    keepsTexts: false,
    async send(toE164, body) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ To: toE164, From: provider.from, Body: body }).toString(),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      if (response.ok) return;
      const reason = `SMS provider answered ${response.status}${await errorCode(response)}`;
      if (response.status >= 400 && response.status < 500 && response.status !== 429) throw new PermanentDeliveryError(reason);
      throw new Error(reason);
    },
  };
}

/**
 * The signature Twilio sends in X-Twilio-Signature: base64 HMAC-SHA1, under the auth token, of the
 * full public URL the request was sent to followed by each POST parameter's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const signed = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}

/** Whether a request carries the provider's signature for this URL and these parameters (compared in constant time). */
export function hasTwilioSignature(authToken: string, url: string, params: Record<string, string>, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
