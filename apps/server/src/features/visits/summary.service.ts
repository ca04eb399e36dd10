import { centralDay, messages } from '@app/shared';
import { notFound } from '../../lib/errors';
import { findUserById } from '../users';
import { readOwnVisit, type PatientVisitsDeps } from './request.service';
import { renderVisitSummaryPdf } from './summary-pdf';

/**
 * A signed visit summary as a PDF for whoever keeps the record (the patient, a child's guardian), named
 * after the visit's US Central day, with the patient's name on it. Anyone else's visit does not exist for them; a visit without a signed note has no summary to download.
 */
export async function visitSummaryPdf(
  deps: PatientVisitsDeps,
  patientId: string,
  visitId: string,
): Promise<{ fileName: string; pdf: Buffer }> {
  const visit = await readOwnVisit(deps, patientId, visitId);
  const { summary, clinician } = visit;
  if (!summary || !clinician) throw notFound(messages.visitSummaryNotSigned);
  const patient = await findUserById(deps.db, visit.patient.id);
  if (!patient) throw notFound(messages.visitNotFound);
  const pdf = await renderVisitSummaryPdf({
    brand: deps.config.brand,
    patient: { firstName: patient.firstName, lastName: patient.lastName, dob: patient.dob },
    visit: { ...visit, summary, clinician },
  });
  return { fileName: `visit-summary-${centralDay(new Date(visit.startedAt ?? visit.requestedAt))}.pdf`, pdf };
}
