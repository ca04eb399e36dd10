import { and, desc, eq, gte, lt, max, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { auditLog, users } from '../../db/schema';

/** Which rows of the trail a page shows: each filter is optional; `before` is the last row of the previous page. */
export interface AuditLogFilter {
  actorUserId?: string;
  subjectUserId?: string;
  action?: string;
  from?: Date;
  until?: Date;
  before?: { at: Date; id: number };
}

const actors = alias(users, 'actor');
const subjects = alias(users, 'subject');

/**
 * A page of the trail, newest first by (at, id), read after the previous page's last row (keyset):
 * every page costs what the first does. The sealed details are not read, only whether there are any.
 * Unfiltered or by date it walks audit_log_at_idx; by actor, subject or action, their own index.
 */
export async function auditLogPage(db: Executor, filter: AuditLogFilter, limit: number) {
  const conditions: (SQL | undefined)[] = [
    filter.actorUserId === undefined ? undefined : eq(auditLog.actorUserId, filter.actorUserId),
    filter.subjectUserId === undefined ? undefined : eq(auditLog.subjectUserId, filter.subjectUserId),
    filter.action === undefined ? undefined : eq(auditLog.action, filter.action),
    filter.from === undefined ? undefined : gte(auditLog.at, filter.from),
    filter.until === undefined ? undefined : lt(auditLog.at, filter.until),
    filter.before === undefined ? undefined : sql`(${auditLog.at}, ${auditLog.id}) < (${filter.before.at}, ${filter.before.id})`,
  ];
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorUserId: auditLog.actorUserId,
      actorRole: auditLog.actorRole,
      action: auditLog.action,
      subjectUserId: auditLog.subjectUserId,
      ip: auditLog.ip,
      status: auditLog.status,
      hasDetails: sql<boolean>`${auditLog.details} IS NOT NULL`,
      actorEmail: actors.email,
      subjectEmail: subjects.email,
    })
    .from(auditLog)
    .leftJoin(actors, eq(actors.id, auditLog.actorUserId))
    .leftJoin(subjects, eq(subjects.id, auditLog.subjectUserId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}

/** The newest row's id, or 0 for an empty trail. */
export async function lastAuditId(db: Executor): Promise<number> {
  const [row] = await db.select({ id: max(auditLog.id) }).from(auditLog);
  return row?.id ?? 0;
}

/** The id of the account with this e-mail now, or null. */
export async function accountIdByEmail(db: Executor, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}
