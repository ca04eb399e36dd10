import type { Database } from '../db/client';
import { anchorAuditChain, type AuditAnchorStore } from '../features/audit';
import type { Log } from '../lib/logging';
import { startSchedule } from './schedule';

/** What anchoring uses: the trail, the store outside the database, and a log for a chain that no longer extends its anchor. */
interface AuditAnchorDeps {
  db: Database;
  auditAnchors: AuditAnchorStore;
  log: Log;
}

/** Anchors the audit chain's head outside the database at start and then every minute (decision 048). */
export function startAuditAnchorSchedule(ctx: AuditAnchorDeps, intervalMs = 60_000) {
  return startSchedule(ctx.log, 'audit anchor', () => anchorAuditChain({ db: ctx.db, anchors: ctx.auditAnchors }), intervalMs);
}
