import { centralDay, type PatientVisit } from '@app/shared';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import type { PhiKeyring } from '../../lib/phi-cipher';
import type { ObjectStorage } from '../../lib/storage/storage';
import { findUserById } from '../users';
import { listVisitsOf, messagesOfVisits } from './repository';
import { renderVisitSummaryPdf } from './summary-pdf';
import { readPhotoBytes, removePhoto } from './photo-storage.service';
import { toPatientVisits } from './view.service';

/**
 * A message of a visit's thread as the patient's copy of their record shows it: a photo by its type, its size
 * and the name of its file beside the record.
 */
interface RecordMessage {
  from: 'patient' | 'clinician';
  text: string;
  photo: { type: string; size: number; file: string } | null;
  sentAt: string;
}

/** A photo's file in the patient's copy of their record: under its visit and its id, with its type's extension. */
const photoFileName = (visitId: string, photoId: string, type: string) =>
  `visit-photos/${visitId}-${photoId}.${type.split('/')[1]?.replace('jpeg', 'jpg') ?? 'bin'}`;

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
      photo:
        row.photoId && row.photoType && row.photoSize !== null
          ? { type: row.photoType, size: row.photoSize, file: photoFileName(row.visitId, row.photoId, row.photoType) }
          : null,
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

/** The messages of the patient's visit threads that carry a photo. */
async function photoMessagesOf(db: Executor, patientId: string) {
  const visits = await listVisitsOf(db, [patientId]);
  const messages = await messagesOfVisits(
    db,
    visits.map((visit) => visit.id),
  );
  return messages.flatMap(({ visitId, photoId, photoType }) => (photoId && photoType ? [{ visitId, photoId, photoType }] : []));
}

/** Every photo of the patient's visit threads, opened, under the file names their record gives them. */
export async function patientPhotoFiles(
  deps: { storage: Pick<ObjectStorage, 'openRead' | 'write'>; keyring: PhiKeyring },
  db: Executor,
  patientId: string,
): Promise<{ fileName: string; bytes: Buffer }[]> {
  const files = [];
  for (const { visitId, photoId, photoType } of await photoMessagesOf(db, patientId))
    files.push({
      fileName: photoFileName(visitId, photoId, photoType),
      bytes: await readPhotoBytes(deps.storage, deps.keyring, visitId, photoId),
    });
  return files;
}

/** Removes the files of every photo in the patient's visit threads, before their rows are erased. */
export async function removePatientPhotos(deps: { storage: Pick<ObjectStorage, 'remove'> }, db: Executor, patientId: string) {
  for (const { visitId, photoId } of await photoMessagesOf(db, patientId)) await removePhoto(deps.storage, visitId, photoId);
}
