import { messages, type DataExportStatus } from '@app/shared';
import type { Database } from '../../db/client';
import type { Limits } from '../../lib/limits';
import { OUTBOX_LEASE_MS } from '../../lib/outbox-worker';
import { findLatestExport, insertLeasedExport, type DataExportRow } from './repository';

/**
 * A member asks for their data. One download is prepared at a time: asking again while one is being
 * prepared changes nothing. Answers the new download, for the caller to prepare after its answer, or null.
 */
export async function requestDataExport(deps: { db: Database; limits: Limits }, userId: string) {
  const latest = await findLatestExport(deps.db, userId);
  if (latest && !latest.readyAt) return { message: messages.dataExportRequested, created: null };
  await deps.limits.consume('dataExportPerUser', userId);
  const created: DataExportRow = await insertLeasedExport(deps.db, userId, OUTBOX_LEASE_MS);
  return { message: messages.dataExportRequested, created };
}

/** Where the member's latest download stands: none, being prepared, or ready until it expires (then none). */
export async function dataExportStatus(db: Database, userId: string, now = new Date()): Promise<DataExportStatus> {
  const latest = await findLatestExport(db, userId);
  if (!latest) return { status: 'none' };
  const requestedAt = latest.createdAt.toISOString();
  if (!latest.readyAt) return { status: 'preparing', requestedAt };
  if (!latest.expiresAt || latest.expiresAt <= now) return { status: 'none' };
  return { status: 'ready', requestedAt, expiresAt: latest.expiresAt.toISOString() };
}
