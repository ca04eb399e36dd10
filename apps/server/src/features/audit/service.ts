import { createHmac } from 'node:crypto';
import { messages, type AuditEvent, type Page } from '@app/shared';
import type { Executor } from '../../db/client';
import { sha256 } from '../../lib/crypto';
import { DomainError } from '../../lib/errors';
import type { AuditAnchor, AuditAnchorStore } from './anchor';
import { appendChained, auditPage, auditRow, subjectHistory, unkeyedUntil, type AuditEntry, type AuditRow } from './repository';

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
 * opening bracket. The hash covers the opened details, not their sealed text; rows without details
 * hash exactly as they did before details existed (decision 018).
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

/** The hash of a row written before the chain was keyed (migration 0019): the SHA-256 of the JSON array of the previous hash and its fields. */
const unkeyedHash = (prevHash: string, tail: string) => sha256(`["${prevHash}",${tail}`);

let auditKey: Buffer | null = null;

/** The key every row's hash is made and checked with (AUDIT_KEY): set once at start, by the server and by audit:verify. */
export function useAuditKey(key: string) {
  auditKey = Buffer.from(key, 'utf8');
}

/**
 * A row's hash: the HMAC-SHA-256, under AUDIT_KEY, of the JSON array of the previous hash and its
 * fields (decision 048). The database never sees the key, so its roles can neither forge a row nor
 * re-hash the chain after an edit.
 */
function keyedHash(prevHash: string, tail: string): string {
  if (!auditKey) throw new Error('the audit key is not set (useAuditKey)');
  return createHmac('sha256', auditKey).update(`["${prevHash}",${tail}`).digest('hex');
}

/** Appends to the trail, in order; given a transaction, the rows commit or roll back with the change they record. */
export function recordAudits(db: Executor, entries: AuditEntry[]) {
  // Stored as its JSON text reads back, so the hash made now is the hash checked later. Most rows
  // have no details and pass as they are (no copy: this runs for every audited request).
  const stored = entries.map((entry) =>
    entry.details === null ? entry : { ...entry, details: JSON.parse(JSON.stringify(entry.details)) as AuditEntry['details'] },
  );
  const tails = stored.map(hashedTail);
  return appendChained(db, stored, GENESIS, (prevHash) => {
    let prev = prevHash;
    return tails.map((tail) => (prev = keyedHash(prev, tail)));
  });
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

export type ChainCheck =
  | { intact: true; rows: number; anchoredRowId: number | null }
  /** `edited`: the row's hash or link does not match; `anchor`: the row anchored outside the database is missing or differs. */
  | { intact: false; brokenRowId: number; cause: 'edited' | 'anchor' };

const PAGE = 1000;

/**
 * Walks the chain from `start` (a row already checked, or the genesis) to its end: each row must link
 * to the one before and carry its hash (plain SHA-256 up to `audit_unkeyed_until`, keyed after). When
 * an anchor is given, its row must be reached and carry its hash, so rows deleted from the end show.
 */
async function walkChain(db: Executor, start: { id: number; hash: string }, anchor: AuditAnchor | null) {
  const lastUnkeyed = await unkeyedUntil(db);
  let prevHash = start.hash;
  let afterId = start.id;
  let checked = 0;
  let anchorReached = anchor === null || anchor.lastId <= start.id;
  const anchorBroken = { intact: false, brokenRowId: anchor?.lastId ?? 0, cause: 'anchor' } as const;
  for (;;) {
    const rows: AuditRow[] = await auditPage(db, afterId, PAGE);
    for (const row of rows) {
      if (!anchorReached && row.id > anchor!.lastId) return { check: anchorBroken, head: null };
      const tail = hashedTail(row);
      const expected = row.id <= lastUnkeyed ? unkeyedHash(prevHash, tail) : keyedHash(prevHash, tail);
      if (row.prevHash !== prevHash || row.hash !== expected) {
        return { check: { intact: false, brokenRowId: row.id, cause: 'edited' } as const, head: null };
      }
      if (row.id === anchor?.lastId) {
        if (row.hash !== anchor.hash) return { check: anchorBroken, head: null };
        anchorReached = true;
      }
      prevHash = row.hash;
      afterId = row.id;
    }
    checked += rows.length;
    if (rows.length < PAGE) {
      if (!anchorReached) return { check: anchorBroken, head: null };
      const check: ChainCheck = { intact: true, rows: checked, anchoredRowId: anchor?.lastId ?? null };
      return { check, head: { id: afterId, hash: prevHash } };
    }
  }
}

/**
 * Walks the whole chain: intact with its length, or the id of the first row whose hash or link does
 * not match, or of the anchored row when it is missing or differs (`npm run audit:verify`).
 */
export async function checkAuditChain(db: Executor, anchor: AuditAnchor | null = null): Promise<ChainCheck> {
  return (await walkChain(db, { id: 0, hash: GENESIS }, anchor)).check;
}

/** The id of the first row whose hash or link does not match, or null when the whole chain holds. */
export async function findAuditChainBreak(db: Executor): Promise<number | null> {
  const check = await checkAuditChain(db);
  return check.intact ? null : check.brokenRowId;
}

/** The trail as audit:verify checks it: the whole chain, and the head last anchored outside the database. */
export async function verifyAuditTrail(deps: { db: Executor; anchors: AuditAnchorStore }): Promise<ChainCheck> {
  return checkAuditChain(deps.db, await deps.anchors.read());
}

/** What anchoring the chain uses: the trail, and the store outside the database that keeps its head. */
interface AnchorDeps {
  db: Executor;
  anchors: AuditAnchorStore;
}

/**
 * Writes the chain's head (last id and hash) outside the database, once the rows since the previous
 * anchor are checked to extend it: a trail whose anchored row was deleted or changed is never
 * re-anchored, so audit:verify keeps reporting it. Answers the anchor now in force.
 */
export async function anchorAuditChain(deps: AnchorDeps, now = new Date()): Promise<AuditAnchor | null> {
  const previous = await deps.anchors.read();
  let start = { id: 0, hash: GENESIS };
  if (previous) {
    const anchored = await auditRow(deps.db, previous.lastId);
    if (anchored?.hash !== previous.hash) throw new Error(`audit chain no longer holds its anchored row ${previous.lastId}`);
    start = { id: previous.lastId, hash: previous.hash };
  }
  const { check, head } = await walkChain(deps.db, start, null);
  if (!check.intact || !head) throw new Error(`audit chain broken at row ${check.intact ? start.id : check.brokenRowId}: not anchored`);
  if (head.id === start.id) return previous;
  const anchor = { lastId: head.id, hash: head.hash, at: now.toISOString() };
  await deps.anchors.write(anchor);
  return anchor;
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
