import { clinicianName, messages, type MemberVisit, type Page } from '@app/shared';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { recordReadOrRefuse, type AuditRequest } from '../audit';
import { peopleInCareOf } from '../household';
import { findUserById } from '../users';
import { countVisitsOf, pageOfVisitsOf, type ListedVisitRow } from './repository';

const MINUTE_MS = 60_000;

/** The console's line of a visit; a clinician's name shows only when their row was joined (a claimed visit). */
function toMemberVisit(row: ListedVisitRow): MemberVisit {
  return {
    id: row.id,
    patient: { id: row.patientId, firstName: row.patientFirstName, lastName: row.patientLastName },
    service: row.service,
    mode: row.mode,
    status: row.status,
    cancelledBy: row.cancelledBy,
    requestedAt: row.requestedAt.toISOString(),
    claimedAt: row.claimedAt?.toISOString() ?? null,
    waitMinutes: row.claimedAt ? Math.round((row.claimedAt.getTime() - row.requestedAt.getTime()) / MINUTE_MS) : null,
    clinician:
      row.credentials && row.clinicianFirstName !== null && row.clinicianLastName !== null
        ? {
            name: clinicianName({ firstName: row.clinicianFirstName, lastName: row.clinicianLastName, credentials: row.credentials }),
            credentials: row.credentials,
          }
        : null,
    coverage: row.coverage,
    paidCents: row.coverage === 'paid' ? row.paidCents : null,
  };
}

/**
 * A page of a member's visits for the console, newest first: their own and those of the children they are
 * the guardian of (the visits they see in their account), recorded in the trail before it is answered and
 * refused when the trail cannot be written. A deleted account's visits are part of its kept record, read
 * only with a reason (decision 069).
 */
export async function readMemberVisitsAsAdmin(
  db: Database,
  userId: string,
  { page, size }: { page: number; size: number },
  audit: AuditRequest,
): Promise<Page<MemberVisit>> {
  const member = await findUserById(db, userId);
  if (!member) throw notFound(messages.memberNotFound);
  if (member.deletedAt) throw notFound(messages.memberVisitsKeptRecord);
  const patientIds = await peopleInCareOf(db, userId);
  const [total, rows] = await Promise.all([countVisitsOf(db, patientIds), pageOfVisitsOf(db, patientIds, page * size, size)]);
  await recordReadOrRefuse(db, { ...audit, subjectUserId: userId, status: 200, details: { page, size, count: rows.length } });
  return { content: rows.map(toMemberVisit), totalPages: Math.ceil(total / size), totalElements: total };
}
