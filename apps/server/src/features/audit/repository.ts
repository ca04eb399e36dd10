import { asc, desc, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;
export type AuditEntry = Omit<AuditRow, 'id' | 'prevHash' | 'hash'>;

// One chain for the whole table: appends take this lock in turn, on every instance (migrations hold 727274, housekeeping 727275).
const CHAIN_LOCK = 727276;

/** Appends an entry whose hash `hashOf` computes from the previous row's hash. */
export async function appendChained(db: Database, entry: AuditEntry, hashOf: (prevHash: string) => string, genesis: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${CHAIN_LOCK})`);
    const [last] = await tx.select({ hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    const prevHash = last?.hash ?? genesis;
    await tx.insert(auditLog).values({ ...entry, prevHash, hash: hashOf(prevHash) });
  });
}

/** The rows after `afterId`, oldest first, a page at a time. */
export async function auditPage(db: Database, afterId: number, limit: number): Promise<AuditRow[]> {
  return db.select().from(auditLog).where(gt(auditLog.id, afterId)).orderBy(asc(auditLog.id)).limit(limit);
}
