import {
  addIsoDays,
  AUDIT_LOG_PAGE_SIZE,
  centralMidnight,
  messages,
  type AuditChainState,
  type AuditLogPage,
  type AuditLogQuery,
} from '@app/shared';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { describeAction } from './action-names';
import type { AuditAnchorStore } from './anchor';
import { accountIdByEmail, auditLogPage, lastAuditId, type AuditLogFilter } from './log.repository';
import { auditRow, type AuditRequest } from './repository';
import { recordReadOrRefuse } from './service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A filter's person as an account id: given as one, or found by the e-mail the account has now (null: no such account). */
async function accountIdOf(db: Database, person: string | undefined): Promise<string | null | undefined> {
  if (person === undefined) return undefined;
  return UUID.test(person) ? person : accountIdByEmail(db, person);
}

const cursorOf = (row: { at: Date; id: number }) => `${row.at.toISOString()}~${row.id}`;
function parseCursor(cursor: string) {
  const [at, id] = cursor.split('~');
  return { at: new Date(at!), id: Number(id) };
}

/** A page of the whole trail for the audit log, newest first, each row in words; a person no account has matches nothing. */
export async function readAuditLog(db: Database, query: AuditLogQuery): Promise<AuditLogPage> {
  const [actorUserId, subjectUserId] = await Promise.all([accountIdOf(db, query.actor), accountIdOf(db, query.subject)]);
  if (actorUserId === null || subjectUserId === null) return { rows: [], next: null };
  const filter: AuditLogFilter = {
    actorUserId,
    subjectUserId,
    action: query.action,
    // Days of the business's calendar (America/Chicago), both included.
    from: query.from ? (centralMidnight(query.from) ?? undefined) : undefined,
    until: query.to ? (centralMidnight(addIsoDays(query.to, 1)) ?? undefined) : undefined,
    before: query.after ? parseCursor(query.after) : undefined,
  };
  const rows = await auditLogPage(db, filter, AUDIT_LOG_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_LOG_PAGE_SIZE);
  return {
    rows: page.map((row) => ({ ...row, at: row.at.toISOString(), description: describeAction(row.action) })),
    next: rows.length > AUDIT_LOG_PAGE_SIZE ? cursorOf(page.at(-1)!) : null,
  };
}

/**
 * A row's sealed details, opened for an admin: the opening is recorded first, filed under the row's
 * subject, and nothing is shown when the trail cannot record it.
 */
export async function openAuditDetails(db: Database, id: number, audit: AuditRequest) {
  const row = await auditRow(db, id);
  if (!row) throw notFound(messages.auditRowNotFound);
  await recordReadOrRefuse(db, { ...audit, subjectUserId: row.subjectUserId, status: 200, details: { auditRowId: id } });
  return { id, details: row.details };
}

/**
 * The chain's state as far as it was checked: the anchor job walks every new row before it writes the
 * head outside the database (decision 048), so the chain was intact up to the anchored row when it was
 * checked, and still is while that row carries the anchored hash. Rows written since are counted as not
 * yet checked. The whole walk is `npm run audit:verify`'s.
 */
export async function auditChainState(deps: { db: Database; auditAnchors: AuditAnchorStore }): Promise<AuditChainState> {
  const [anchor, lastId] = await Promise.all([deps.auditAnchors.read(), lastAuditId(deps.db)]);
  if (!anchor) return { state: 'unchecked', rowId: null, rowAt: null, checkedAt: null, newerRows: lastId };
  const row = await auditRow(deps.db, anchor.lastId);
  const intact = row?.hash === anchor.hash;
  return {
    state: intact ? 'intact' : 'broken',
    rowId: anchor.lastId,
    rowAt: row ? row.at.toISOString() : null,
    checkedAt: anchor.at,
    newerRows: Math.max(0, lastId - anchor.lastId),
  };
}
