import { centralDay, messages } from '@app/shared';
import { notFound } from '../../lib/errors';
import { findUserById } from '../users';
import { readOwnVisit, type PatientVisitsDeps } from './request.service';
import { renderVisitSummaryPdf } from './summary-pdf';

/**
 * The patient's own signed visit summary as a PDF, named after the visit's US Central day. Another
 * patient's visit does not exist for them; a visit without a signed note has no summary to download.
 */
export async function visitSummaryPdf(
  deps: PatientVisitsDeps,
  patientId: string,
  visitId: string,
): Promise<{ fileName: string; pdf: Buffer }> {
  const visit = await readOwnVisit(deps, patientId, visitId);
  const { summary, clinician } = visit;
  if (!summary || !clinician) throw notFound(messages.visitSummaryNotSigned);
  const patient = await findUserById(deps.db, patientId);
  if (!patient) throw notFound(messages.visitNotFound);
  const pdf = await renderVisitSummaryPdf({
    brand: deps.config.brand,
    patient: { firstName: patient.firstName, lastName: patient.lastName, dob: patient.dob },
    visit: { ...visit, summary, clinician },
  });
  return { fileName: `visit-summary-${centralDay(new Date(visit.startedAt ?? visit.requestedAt))}.pdf`, pdf };
}
