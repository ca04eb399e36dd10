import { messages, type AuditEvent, type Page } from '@app/shared';
import type { Executor } from '../../db/client';
import { sha256 } from '../../lib/crypto';
import { DomainError } from '../../lib/errors';
import { appendChained, auditPage, subjectHistory, type AuditEntry, type AuditRow } from './repository';

const GENESIS = '0'.repeat(64);

// Public reads that touch no account: everything else under /api is recorded.
const UNAUDITED_ROUTES = new Set([
  'GET /api/plans',
  'GET /api/geo',
  'GET /api/site-config',
  'GET /api/openapi.json',
  'GET /api/captcha/config',
  'GET /api/captcha/challenge',
  'GET /api/dev/mailbox',
]);

/** Whether a request to this route (method and pattern, as Fastify matched it) goes into the audit trail. */
export const isAudited = (method: string, routePattern: string | undefined) =>
  routePattern !== undefined &&
  routePattern.startsWith('/api/') &&
  method !== 'HEAD' &&
  method !== 'OPTIONS' &&
  !UNAUDITED_ROUTES.has(`${method} ${routePattern}`);

/**
 * What a row's hash covers after the previous hash: the JSON array of its fields without its
 * opening bracket. The hash covers the opened details, not their sealed text, so re-sealing under a
 * new key keeps the chain; rows without details hash exactly as they did before details existed
 * (decision 018).
 */
const hashedTail = (e: AuditEntry) =>
  JSON.stringify([
    e.at.toISOString(),
    e.actorUserId,
    e.actorRole,
    e.action,
    e.subjectUserId,
    e.ip,
    e.status,
    ...(e.details === null ? [] : [e.details]),
  ]).slice(1);

/**
 * A row's hash: the SHA-256 of the JSON array of the previous hash and its fields. The database
 * computes the same for every append (`audit_append`, decision 034); this checks it.
 */
const entryHash = (prevHash: string, e: AuditEntry) => sha256(`["${prevHash}",${hashedTail(e)}`);

/** Appends to the trail, in order; given a transaction, the rows commit or roll back with the change they record. */
export function recordAudits(db: Executor, entries: AuditEntry[]) {
  // Stored as its JSON text reads back, so the hash made now is the hash checked later. Most rows
  // have no details and pass as they are (no copy: this runs for every audited request).
  const stored = entries.map((entry) =>
    entry.details === null ? entry : { ...entry, details: JSON.parse(JSON.stringify(entry.details)) as AuditEntry['details'] },
  );
  return appendChained(db, stored, stored.map(hashedTail), GENESIS);
}

export const recordAudit = (db: Executor, entry: AuditEntry) => recordAudits(db, [entry]);

/** How long a refused read asks the admin to wait before trying again. */
const TRAIL_RETRY_SECONDS = 30;

/**
 * Records a read of patient records before it is answered: when the trail cannot be written the read
 * is refused (503) and nothing is served, so no read goes unrecorded.
 */
export async function recordReadOrRefuse(db: Executor, entry: AuditEntry): Promise<void> {
  try {
    await recordAudit(db, entry);
  } catch (error) {
    const refusal = new DomainError('upstream-unavailable', messages.auditTrailUnavailable, {}, TRAIL_RETRY_SECONDS);
    refusal.cause = error;
    throw refusal;
  }
}

export type ChainCheck = { intact: true; rows: number } | { intact: false; brokenRowId: number };

/** Walks the whole chain: intact with its length, or the id of the first row whose hash or link does not match. */
export async function checkAuditChain(db: Executor): Promise<ChainCheck> {
  let prevHash = GENESIS;
  let afterId = 0;
  let checked = 0;
  for (;;) {
    const rows: AuditRow[] = await auditPage(db, afterId, 1000);
    for (const row of rows) {
      if (row.prevHash !== prevHash || row.hash !== entryHash(prevHash, row)) return { intact: false, brokenRowId: row.id };
      prevHash = row.hash;
      afterId = row.id;
    }
    checked += rows.length;
    if (rows.length < 1000) return { intact: true, rows: checked };
  }
}

/** The id of the first row whose hash or link does not match, or null when the whole chain holds. */
export async function findAuditChainBreak(db: Executor): Promise<number | null> {
  const check = await checkAuditChain(db);
  return check.intact ? null : check.brokenRowId;
}

/** A user's history as the expanded card shows it, newest first. */
export async function userHistory(db: Executor, subjectUserId: string, page: number, size: number): Promise<Page<AuditEvent>> {
  const { rows, total } = await subjectHistory(db, subjectUserId, page * size, size);
  return {
    content: rows.map(({ row, actorEmail }) => ({
      id: row.id,
      at: row.at.toISOString(),
      actorUserId: row.actorUserId,
      actorEmail,
      actorRole: row.actorRole,
      action: row.action,
      status: row.status,
      reason: typeof row.details?.reason === 'string' ? row.details.reason : null,
      changes: row.details?.changes ?? [],
    })),
    totalPages: Math.ceil(total / size),
    totalElements: total,
  };
}
