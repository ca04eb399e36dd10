import { messages } from '@app/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { recordReadOrRefuse, type AuditRequest } from '../audit';
import { personalDataOf } from '../data-export';
import { findUserById } from '../users';

/**
 * An admin reads the records a deleted account keeps, for a reason: the read is recorded in the trail,
 * with its reason, before it is answered, and refused when the trail cannot be written. Only a deleted
 * account's: a live account's record is its owner's.
 */
export async function readKeptRecordAsAdmin(
  deps: { db: Database; config: Pick<Config, 'brand'> },
  userId: string,
  reason: string,
  audit: AuditRequest,
) {
  const user = await findUserById(deps.db, userId);
  if (!user?.deletedAt || !user.recordsEraseAfter) throw notFound(messages.keptRecordNotFound);
  const personal = await personalDataOf(deps, userId);
  if (!personal) throw notFound(messages.keptRecordNotFound);
  await recordReadOrRefuse(deps.db, { ...audit, subjectUserId: userId, status: 200, details: { reason } });
  return {
    deletedAt: user.deletedAt.toISOString(),
    recordsEraseAfter: user.recordsEraseAfter.toISOString(),
    record: personal.data as unknown as Record<string, unknown>,
  };
}
