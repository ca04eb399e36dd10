import type { AppContext } from '../../context';
import { sha256 } from '../../lib/crypto';
import { appendChained, auditPage, type AuditEntry, type AuditRow } from './repository';

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
  routePattern !== undefined && routePattern.startsWith('/api/') && method !== 'HEAD' && method !== 'OPTIONS' && !UNAUDITED_ROUTES.has(`${method} ${routePattern}`);

const entryHash = (prevHash: string, e: AuditEntry) =>
  sha256(JSON.stringify([prevHash, e.at.toISOString(), e.actorUserId, e.actorRole, e.action, e.subjectUserId, e.ip, e.status]));

export const recordAudit = (ctx: AppContext, entry: AuditEntry) => appendChained(ctx.db, entry, (prev) => entryHash(prev, entry), GENESIS);

/** The id of the first row whose hash or link does not match, or null when the whole chain holds. */
export async function findAuditChainBreak(ctx: AppContext): Promise<number | null> {
  let prevHash = GENESIS;
  let afterId = 0;
  for (;;) {
    const rows: AuditRow[] = await auditPage(ctx.db, afterId, 1000);
    for (const row of rows) {
      if (row.prevHash !== prevHash || row.hash !== entryHash(prevHash, row)) return row.id;
      prevHash = row.hash;
      afterId = row.id;
    }
    if (rows.length < 1000) return null;
  }
}
