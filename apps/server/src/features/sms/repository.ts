import type { ConsentSource, SmsKind } from '@app/shared';
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { claimableAt } from '../../db/outbox';
import { phoneIndexOf } from '../../db/phone-index';
import { consentRecords, smsOutbox, users } from '../../db/schema';

export type TextRow = typeof smsOutbox.$inferSelect;

/** What a text needs of its member: the phone on file and whether they agreed to texts; with `lock`, locked until the transaction ends. */
export async function findTextRecipient(db: Executor, userId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({ phone: users.customerPhone, smsPolicyAccepted: users.smsPolicyAccepted, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, userId));
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

/** Puts a text in the outbox, for the worker to send; call it in the transaction of the change that causes it. */
export async function insertText(db: Executor, text: { userId: string; recipient: string; body: string; kind: SmsKind }): Promise<string> {
  const [row] = await db.insert(smsOutbox).values(text).returning({ id: smsOutbox.id });
  return row!.id;
}

/** Claims up to `limit` due texts for `leaseMs`, so that another worker (or instance) skips them. */
export async function claimDueTexts(db: Executor, options: { limit: number; leaseMs: number }): Promise<TextRow[]> {
  const now = new Date();
  const candidates = db
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(and(claimableAt(smsOutbox, now), isNull(smsOutbox.failedAt)))
    .orderBy(asc(smsOutbox.nextAttemptAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(smsOutbox)
    .set({ lockedUntil: new Date(now.getTime() + options.leaseMs), attempts: sql`${smsOutbox.attempts} + 1` })
    .where(sql`${smsOutbox.id} IN ${candidates}`)
    .returning();
}

/** Once a text has left (or been given up), its number and words go: the row keeps only what happened. */
const forgotten = { recipient: null, body: null };

/** Marks a text sent; with `forget`, without its number and body from then on. */
export async function markTextSent(db: Executor, id: string, options: { forget: boolean }) {
  await db
    .update(smsOutbox)
    .set({ sentAt: new Date(), lockedUntil: null, lastError: null, ...(options.forget ? forgotten : {}) })
    .where(eq(smsOutbox.id, id));
}

/** A failed attempt: tried again at `retryAt`, or, with null, given up and forgotten. */
export async function markTextFailed(db: Executor, id: string, error: string, retryAt: Date | null) {
  const outcome = retryAt ? { nextAttemptAt: retryAt } : { failedAt: new Date(), ...forgotten };
  await db
    .update(smsOutbox)
    .set({ lockedUntil: null, lastError: error.slice(0, 1000), ...outcome })
    // A worker whose lease ran out must not mark as failed what another worker has sent since.
    .where(and(eq(smsOutbox.id, id), isNull(smsOutbox.sentAt)));
}

/** The newest texts first, for the dev outbox. */
export async function listRecentTexts(db: Executor, limit: number): Promise<TextRow[]> {
  return db.select().from(smsOutbox).orderBy(desc(smsOutbox.createdAt)).limit(limit);
}

/** Deletes texts sent or given up before `before`; returns how many. */
export async function deleteFinishedTexts(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(smsOutbox)
    .where(or(lt(smsOutbox.sentAt, before), lt(smsOutbox.failedAt, before)))
    .returning({ id: smsOutbox.id });
  return rows.length;
}

/** The accounts with this phone (E.164), found by its lookup hash: the phones themselves are sealed. */
export async function findUserIdsByPhone(db: Executor, e164: string): Promise<string[]> {
  const index = phoneIndexOf(e164);
  if (!index) return [];
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.phoneIndex, index));
  return rows.map((row) => row.id);
}

/** Sets whether these accounts agreed to texts. */
export async function setSmsConsent(db: Executor, userIds: readonly string[], granted: boolean) {
  if (userIds.length === 0) return;
  await db
    .update(users)
    .set({ smsPolicyAccepted: granted, updatedAt: sql`now()` })
    .where(inArray(users.id, [...userIds]));
}

/** Keeps each account's grant or withdrawal of consent to texts. */
export async function insertConsentRecords(
  db: Executor,
  userIds: readonly string[],
  record: { granted: boolean; source: ConsentSource; ip: string | null },
) {
  if (userIds.length === 0) return;
  await db.insert(consentRecords).values(userIds.map((userId) => ({ userId, channel: 'sms' as const, ...record })));
}
