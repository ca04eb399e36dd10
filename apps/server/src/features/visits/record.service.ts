import { centralDay, type PatientVisit } from '@app/shared';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import type { ObjectStorage } from '../../lib/storage/storage';
import { findUserById } from '../users';
import { listVisitsOf, messagesOfVisits } from './repository';
import { renderVisitSummaryPdf } from './summary-pdf';
import { removePhoto } from './photo-storage.service';
import { toPatientVisits } from './view.service';

/** A message of a visit's thread as the patient's copy of their record shows it: a photo by its type and size. */
interface RecordMessage {
  from: 'patient' | 'clinician';
  text: string;
  photo: { type: string; size: number } | null;
  sentAt: string;
}

/** A patient's whole visit record: each visit with its summary and thread, and the PDF of each signed summary. */
export interface PatientVisitRecord {
  visits: (PatientVisit & { messages: RecordMessage[] })[];
  summaryPdfs: { fileName: string; pdf: Buffer }[];
}

/**
 * Everything the patient's visits hold, for their data download: each visit as their record shows it,
 * its thread, and each signed summary drawn by the same PDF renderer as its own download.
 */
export async function patientVisitRecord(
  deps: { db: Database; config: Pick<Config, 'brand'> },
  patientId: string,
): Promise<PatientVisitRecord> {
  const patient = await findUserById(deps.db, patientId);
  if (!patient) return { visits: [], summaryPdfs: [] };
  const visits = await toPatientVisits(deps.db, await listVisitsOf(deps.db, [patientId]));
  const threads = new Map<string, RecordMessage[]>();
  for (const row of await messagesOfVisits(
    deps.db,
    visits.map((visit) => visit.id),
  )) {
    const thread = threads.get(row.visitId) ?? [];
    thread.push({
      from: row.fromSide,
      text: row.text,
      photo: row.photoType && row.photoSize !== null ? { type: row.photoType, size: row.photoSize } : null,
      sentAt: row.sentAt.toISOString(),
    });
    threads.set(row.visitId, thread);
  }
  const summaryPdfs: PatientVisitRecord['summaryPdfs'] = [];
  for (const visit of visits) {
    const { summary, clinician } = visit;
    if (!summary || !clinician) continue;
    const pdf = await renderVisitSummaryPdf({
      brand: deps.config.brand,
      patient: { firstName: patient.firstName, lastName: patient.lastName, dob: patient.dob },
      visit: { ...visit, summary, clinician },
    });
    // Named by the visit's day, and by its id, as one day may hold several visits.
    summaryPdfs.push({ fileName: `visit-summary-${centralDay(new Date(visit.startedAt ?? visit.requestedAt))}-${visit.id}.pdf`, pdf });
  }
  return { visits: visits.map((visit) => ({ ...visit, messages: threads.get(visit.id) ?? [] })), summaryPdfs };
}

/** Removes the files of every photo in the patient's visit threads, before their rows are erased. */
export async function removePatientPhotos(deps: { storage: Pick<ObjectStorage, 'remove'> }, db: Executor, patientId: string) {
  const visits = await listVisitsOf(db, [patientId]);
  const messages = await messagesOfVisits(
    db,
    visits.map((visit) => visit.id),
  );
  for (const message of messages) if (message.photoId) await removePhoto(deps.storage, message.visitId, message.photoId);
}
