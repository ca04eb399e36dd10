import { asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog, users } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;
export type AuditEntry = Omit<AuditRow, 'id' | 'prevHash' | 'hash'>;

// One chain for the whole table: appends take this lock in turn, on every instance (migrations hold 727274, housekeeping 727275).
const CHAIN_LOCK = 727276;

/**
 * Appends entries in order, each with the hash `hashOf` computes from the one before it, under one
 * lock and in one statement. Inside a caller's transaction the rows commit (and the chain stays
 * locked) with the caller's change.
 */
export async function appendChained(db: Executor, entries: AuditEntry[], hashOf: (prevHash: string, entry: AuditEntry) => string, genesis: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${CHAIN_LOCK})`);
    const [last] = await tx.select({ hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    let prevHash = last?.hash ?? genesis;
    const rows = entries.map((entry) => {
      const row = { ...entry, prevHash, hash: hashOf(prevHash, entry) };
      prevHash = row.hash;
      return row;
    });
    // One statement over one array per column (the query builder's cost grew with every row); the
    // ids are drawn in the arrays' order, which is the chain's.
    const column = (values: unknown[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;
    await tx.execute(sql`
      INSERT INTO audit_log (at, actor_user_id, actor_role, action, subject_user_id, ip, status, details, prev_hash, hash)
      SELECT v.at, v.actor_user_id, v.actor_role, v.action, v.subject_user_id, v.ip, v.status, v.details, v.prev_hash, v.hash
      FROM unnest(${column(rows.map((r) => r.at.toISOString()), 'timestamptz')}, ${column(rows.map((r) => r.actorUserId), 'uuid')},
        ${column(rows.map((r) => r.actorRole), 'text')}, ${column(rows.map((r) => r.action), 'text')}, ${column(rows.map((r) => r.subjectUserId), 'uuid')},
        ${column(rows.map((r) => r.ip), 'text')}, ${column(rows.map((r) => r.status), 'integer')},
        ${column(rows.map((r) => (r.details === null ? null : auditLog.details.mapToDriverValue(r.details))), 'text')},
        ${column(rows.map((r) => r.prevHash), 'text')}, ${column(rows.map((r) => r.hash), 'text')})
        WITH ORDINALITY AS v(at, actor_user_id, actor_role, action, subject_user_id, ip, status, details, prev_hash, hash, position)
      ORDER BY v.position`);
  });
}

/** The rows after `afterId`, oldest first, a page at a time. */
export async function auditPage(db: Executor, afterId: number, limit: number): Promise<AuditRow[]> {
  return db.select().from(auditLog).where(gt(auditLog.id, afterId)).orderBy(asc(auditLog.id)).limit(limit);
}

/** A user's history, newest first, with the acting account's current e-mail. */
export async function subjectHistory(db: Executor, subjectUserId: string, offset: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: auditLog, actorEmail: users.email })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(eq(auditLog.subjectUserId, subjectUserId))
      .orderBy(desc(auditLog.id))
      .offset(offset)
      .limit(limit),
    db.select({ total: count() }).from(auditLog).where(eq(auditLog.subjectUserId, subjectUserId)),
  ]);
  return { rows, total: total?.total ?? 0 };
}
