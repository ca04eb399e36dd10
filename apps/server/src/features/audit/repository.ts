import { asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { auditLog, users } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;
export type AuditEntry = Omit<AuditRow, 'id' | 'prevHash' | 'hash'>;
/** What a request tells the trail of itself (who, from where, which route); the change adds its status and details. */
export type AuditRequest = Omit<AuditEntry, 'status' | 'details'>;
/** The signed-in person an audited change is made by. */
export interface Actor {
  userId: string;
  email: string;
}

// One chain for the whole table: appends take this lock in turn, on every instance (migrations hold 727274, housekeeping 727275).
const CHAIN_LOCK = 727276;

/**
 * Appends entries in order, in one transaction (inside a caller's, the rows commit and the chain stays
 * locked with the caller's change): `audit_chain_head` (migration 0019) takes the chain's lock and
 * answers the last hash; `hashesAfter` keys each row onto it; `audit_append` checks they follow that
 * head and inserts them with the table owner's rights.
 */
export async function appendChained(
  db: Executor,
  entries: AuditEntry[],
  genesis: string,
  hashesAfter: (prevHash: string) => string[],
): Promise<void> {
  const column = (values: unknown[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;
  await db.transaction(async (tx) => {
    const [head] = await queryRows<{ hash: string }>(tx, sql`SELECT last_hash AS hash FROM audit_chain_head(${CHAIN_LOCK}::bigint)`);
    const prevHash = head?.hash ?? genesis;
    await tx.execute(sql`SELECT audit_append(${CHAIN_LOCK}::bigint, ${genesis}::text, ${prevHash}::text,
      ${column(
        entries.map((e) => e.at.toISOString()),
        'timestamptz',
      )}, ${column(
        entries.map((e) => e.actorUserId),
        'uuid',
      )},
      ${column(
        entries.map((e) => e.actorRole),
        'text',
      )}, ${column(
        entries.map((e) => e.action),
        'text',
      )}, ${column(
        entries.map((e) => e.subjectUserId),
        'uuid',
      )},
      ${column(
        entries.map((e) => e.ip),
        'text',
      )}, ${column(
        entries.map((e) => e.status),
        'integer',
      )},
      ${column(
        entries.map((e) => (e.details === null ? null : auditLog.details.mapToDriverValue(e.details))),
        'text',
      )},
      ${column(hashesAfter(prevHash), 'text')})`);
  });
}

/** The last row written before the chain was keyed (migration 0019): those rows carry plain SHA-256 hashes. */
export async function unkeyedUntil(db: Executor): Promise<number> {
  const [row] = await queryRows<{ id: string | number }>(db, sql`SELECT audit_unkeyed_until() AS id`);
  return Number(row!.id);
}

/** One row by its id, or undefined. */
export async function auditRow(db: Executor, id: number): Promise<AuditRow | undefined> {
  const [row] = await db.select().from(auditLog).where(eq(auditLog.id, id));
  return row;
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
