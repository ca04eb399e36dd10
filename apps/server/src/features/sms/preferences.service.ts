import { messages, usPhoneE164, type ConsentSource, type NotificationPreferences } from '@app/shared';
import type { Database, Executor } from '../../db/client';
import { invalidField, notFound } from '../../lib/errors';
import { findTextRecipient, insertConsentRecords, setSmsConsent } from './repository';

/** Keeps a member's grant or withdrawal of consent to texts, in the transaction of the change it records. */
export const recordSmsConsent = (db: Executor, userId: string, record: { granted: boolean; source: ConsentSource; ip: string | null }) =>
  insertConsentRecords(db, [userId], record);

const preferences = (sms: boolean): NotificationPreferences => ({ email: 'always', sms });

/** The member's notification settings: e-mail always, texts as they chose. */
export async function notificationPreferences(db: Database, userId: string): Promise<NotificationPreferences> {
  const member = await findTextRecipient(db, userId);
  if (!member) throw notFound(messages.notFound);
  return preferences(member.smsPolicyAccepted);
}

/**
 * Turns texts on or off from the profile. On needs a US phone on file. A change is kept as a consent
 * record with the member's address; asking for what is already set records nothing.
 */
export async function setNotificationPreferences(db: Database, userId: string, sms: boolean, ip: string): Promise<NotificationPreferences> {
  return db.transaction(async (tx) => {
    const member = await findTextRecipient(tx, userId, { lock: true });
    if (!member) throw notFound(messages.notFound);
    if (sms && !(member.phone && usPhoneE164(member.phone))) throw invalidField('sms', messages.smsNeedsPhone);
    if (member.smsPolicyAccepted !== sms) {
      await setSmsConsent(tx, [userId], sms);
      await recordSmsConsent(tx, userId, { granted: sms, source: 'profile', ip });
    }
    return preferences(sms);
  });
}
