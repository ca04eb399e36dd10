import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  consentRecords,
  healthHistoryVersions,
  idempotencyKeys,
  oneTimeTokens,
  payments,
  sessions,
  smsOutbox,
  users,
  visitAddenda,
  visitMessages,
  visitNotes,
  visitPresence,
  visitReleases,
  visits,
} from '../../db/schema';

/**
 * Erases what a deleted account holds outside its medical and payment records: its sessions (sign-in
 * history), links, consent records, texts and kept checkout answers. A visit still waiting for a
 * clinician, or claimed but not started, is withdrawn: nobody is left to see it.
 */
export async function eraseAccountExtras(tx: Executor, userId: string, now: Date) {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, userId));
  await tx.delete(consentRecords).where(eq(consentRecords.userId, userId));
  await tx.delete(smsOutbox).where(eq(smsOutbox.userId, userId));
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
  await tx.delete(visitPresence).where(eq(visitPresence.userId, userId));
  await tx
    .update(visits)
    .set({ status: 'cancelled', cancelledBy: 'patient', cancelReason: null, endedAt: now })
    .where(and(eq(visits.patientId, userId), inArray(visits.status, ['waiting', 'claimed'])));
}

/** Deleted accounts whose kept records are due to be erased by `now`. */
export async function accountsDueForErasure(db: Executor, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.deletedAt), lte(users.recordsEraseAfter, now)));
  return rows.map((row) => row.id);
}

/** Erases a deleted account's kept records and then the account itself: visits and what hangs on them, health history, payments. */
export async function eraseKeptRecords(tx: Executor, userId: string) {
  const ofPatient = tx.select({ id: visits.id }).from(visits).where(eq(visits.patientId, userId));
  await tx.delete(visitMessages).where(inArray(visitMessages.visitId, ofPatient));
  await tx.delete(visitAddenda).where(inArray(visitAddenda.visitId, ofPatient));
  await tx.delete(visitNotes).where(inArray(visitNotes.visitId, ofPatient));
  await tx.delete(visitReleases).where(inArray(visitReleases.visitId, ofPatient));
  await tx.delete(visits).where(eq(visits.patientId, userId));
  await tx.delete(healthHistoryVersions).where(eq(healthHistoryVersions.userId, userId));
  await tx.delete(payments).where(eq(payments.userId, userId));
  await tx.delete(users).where(eq(users.id, userId));
}
