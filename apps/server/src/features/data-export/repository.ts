import { and, asc, desc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { consentRecords, dataExports, healthHistoryVersions, sessions } from '../../db/schema';

export type DataExportRow = typeof dataExports.$inferSelect;

/** A new data download, leased to the process that asked for it (it prepares it at once; past the lease, any worker may). */
export async function insertLeasedExport(db: Executor, userId: string, leaseMs: number): Promise<DataExportRow> {
  const now = new Date();
  const [row] = await db
    .insert(dataExports)
    .values({ userId, attempts: 1, lockedUntil: new Date(now.getTime() + leaseMs), nextAttemptAt: now })
    .returning();
  return row!;
}

/** The member's latest data download. */
export async function findLatestExport(db: Executor, userId: string): Promise<DataExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.userId, userId)).orderBy(desc(dataExports.createdAt)).limit(1);
  return row;
}

export async function findExport(db: Executor, id: string): Promise<DataExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row;
}

/** Claims up to `limit` downloads waiting to be prepared for `leaseMs`, as an outbox's messages are claimed. */
export async function claimDueExports(db: Executor, options: { limit: number; leaseMs: number }): Promise<DataExportRow[]> {
  const now = new Date();
  const candidates = db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(
      and(
        isNull(dataExports.readyAt),
        lte(dataExports.nextAttemptAt, now),
        or(isNull(dataExports.lockedUntil), lte(dataExports.lockedUntil, now)),
      ),
    )
    .orderBy(asc(dataExports.nextAttemptAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(dataExports)
    .set({ lockedUntil: new Date(now.getTime() + options.leaseMs), attempts: sql`${dataExports.attempts} + 1` })
    .where(sql`${dataExports.id} IN ${candidates}`)
    .returning();
}

/** Marks a download prepared: its archive is at `storageKey` until `expiresAt`. False when the row is gone (its account was deleted). */
export async function markExportReady(db: Executor, id: string, ready: { storageKey: string; readyAt: Date; expiresAt: Date }) {
  const rows = await db
    .update(dataExports)
    .set({ ...ready, lockedUntil: null, lastError: null })
    .where(eq(dataExports.id, id))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

export async function markExportFailed(db: Executor, id: string, reason: string, retryAt: Date) {
  await db
    .update(dataExports)
    .set({ lastError: reason.slice(0, 500), nextAttemptAt: retryAt, lockedUntil: null })
    .where(eq(dataExports.id, id));
}

/** Downloads whose archive expired by `now`, with the key of their file. */
export async function expiredExports(db: Executor, now: Date) {
  return db
    .select({ id: dataExports.id, storageKey: dataExports.storageKey })
    .from(dataExports)
    .where(and(isNotNull(dataExports.expiresAt), lte(dataExports.expiresAt, now)));
}

/** Every download of a member, with the key of its file when it has one. */
export async function exportsOf(db: Executor, userId: string) {
  return db.select({ id: dataExports.id, storageKey: dataExports.storageKey }).from(dataExports).where(eq(dataExports.userId, userId));
}

export async function deleteExport(db: Executor, id: string) {
  await db.delete(dataExports).where(eq(dataExports.id, id));
}

/** Every version of the member's health history, oldest first. */
export async function healthHistoryVersionsOf(db: Executor, userId: string) {
  return db
    .select({ history: healthHistoryVersions.history, savedAt: healthHistoryVersions.savedAt })
    .from(healthHistoryVersions)
    .where(eq(healthHistoryVersions.userId, userId))
    .orderBy(asc(healthHistoryVersions.id));
}

/** Each grant or withdrawal of the member's consent, oldest first. */
export async function consentsOf(db: Executor, userId: string) {
  return db
    .select({ channel: consentRecords.channel, granted: consentRecords.granted, source: consentRecords.source, at: consentRecords.at })
    .from(consentRecords)
    .where(eq(consentRecords.userId, userId))
    .orderBy(asc(consentRecords.at));
}

/** Every sign-in the sessions table still holds for the member, newest first. */
export async function signInsOf(db: Executor, userId: string) {
  return db
    .select({
      signedInAt: sessions.createdAt,
      lastActiveAt: sessions.lastSeenAt,
      endedAt: sessions.revokedAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt));
}
