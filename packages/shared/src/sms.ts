import { z } from './zod';
import { messages } from './messages';

/** The texts the site sends, each with one body written once (messages/sms.ts). */
export const SMS_KINDS = ['doctor-ready', 'visit-message'] as const;
export type SmsKind = (typeof SMS_KINDS)[number];

/** Who may have given or withdrawn consent to texts, and how. */
export const CONSENT_SOURCES = ['sign-up', 'profile', 'sms-keyword'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** The member's notification settings: e-mail cannot be turned off (it carries the account's mail), texts can. */
export const notificationPreferencesSchema = z.object({ email: z.literal('always'), sms: z.boolean() });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PUT /api/users/me/notifications: texts on or off; `email` may be sent back as it was read. */
export const notificationPreferencesUpdateSchema = z.strictObject({
  email: z.literal('always', { error: messages.badRequest }).optional(),
  sms: z.boolean({ error: messages.badRequest }),
});

/** The carriers' standard keywords (CTIA), matched without case or surrounding spaces. */
const SMS_KEYWORDS = {
  stop: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'],
  start: ['START', 'YES', 'UNSTOP'],
  help: ['HELP', 'INFO'],
} as const;
export type SmsKeyword = keyof typeof SMS_KEYWORDS;

/** The keyword a text's body is, or null for any other text. */
export function smsKeyword(body: string): SmsKeyword | null {
  const word = body.trim().toUpperCase();
  for (const keyword of Object.keys(SMS_KEYWORDS) as SmsKeyword[]) {
    if ((SMS_KEYWORDS[keyword] as readonly string[]).includes(word)) return keyword;
  }
  return null;
}

/**
 * A US number in E.164 (+13145550100) from what a person typed or a carrier sent: ten digits, or
 * eleven starting with the country code 1. Null for anything else.
 */
export function usPhoneE164(value: string): string | null {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}
