import { randomUUID } from 'node:crypto';
import { isVisitPhotoType, messages, VISIT_PHOTO_MAX_BYTES, type VisitPhotoType } from '@app/shared';
import { fileTypeFromBuffer } from 'file-type';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { conflict, DomainError, invalidField, notFound } from '../../lib/errors';
import { createPhiKeyring } from '../../lib/phi-cipher';
import type { ObjectStorage } from '../../lib/storage/storage';
import type { TextMessages } from '../sms';
import { visitTopic, type VisitEvents } from './events.service';
import { stripPhotoMetadata } from './photo-metadata.service';
import { readPhotoBytes, removePhoto, writePhoto } from './photo-storage.service';
import { isWatchingVisit } from './presence.service';
import { findPhotoMessage, findVisit, insertMessage, messagesOf, type MessageRow, type VisitRow } from './repository';
import { keepsRecordOf } from '../household';

/** What a visit's thread uses. */
export interface ThreadDeps {
  db: Database;
  visitEvents: VisitEvents;
  sms: Pick<TextMessages, 'queueText'>;
  /** Where photos are kept, sealed (decision 057). */
  storage: Pick<ObjectStorage, 'write' | 'remove' | 'openRead'>;
  config: Pick<Config, 'phiKeys'>;
}

/** Who is writing or reading: the visit's patient, or the clinician holding it. */
export type ThreadSide = { side: 'patient'; userId: string } | { side: 'clinician'; userId: string };

/** A photo as it came in: the type its sender declared, and its bytes. */
export interface IncomingPhoto {
  declaredType: string;
  bytes: Buffer;
}

const toMessage = (row: MessageRow) => ({
  id: String(row.id),
  from: row.fromSide,
  text: row.text,
  photo: row.photoId && row.photoType && row.photoSize !== null ? { id: row.photoId, type: row.photoType, size: row.photoSize } : null,
  sentAt: row.sentAt.toISOString(),
});

/** The visit, when the caller keeps its patient's record (the patient, a child's guardian) or holds it; 404 for anyone else. */
async function visitOf(db: Database, who: ThreadSide, visitId: string): Promise<VisitRow> {
  const visit = await findVisit(db, visitId);
  const theirs =
    visit && (who.side === 'patient' ? await keepsRecordOf(db, who.userId, visit.patientId) : visit.clinicianId === who.userId);
  if (!visit || !theirs) throw notFound(messages.visitNotFound);
  return visit;
}

export async function readThread(deps: ThreadDeps, who: ThreadSide, visitId: string) {
  const visit = await visitOf(deps.db, who, visitId);
  return { visit, messages: (await messagesOf(deps.db, visit.id)).map(toMessage) };
}

/** The refusal of a photo too large to take, naming the field; the route's body reader throws it too. */
export const photoTooLarge = () =>
  new DomainError('too-large', messages.visitPhotoTooLarge, { errors: { photo: messages.visitPhotoTooLarge } });

/** The refusal of anything that is not a JPEG or PNG image, whatever it was declared as. */
export const photoNotAnImage = () => invalidField('photo', messages.visitPhotoType);

/** The photo's type as its bytes say, and its bytes without metadata; refused when it is not the image it claims to be. */
async function checkedPhoto({ declaredType, bytes }: IncomingPhoto): Promise<{ type: VisitPhotoType; bytes: Buffer }> {
  if (bytes.length > VISIT_PHOTO_MAX_BYTES) throw photoTooLarge();
  if (bytes.length === 0) throw invalidField('photo', messages.visitPhotoEmpty);
  const detected = (await fileTypeFromBuffer(bytes))?.mime;
  // The bytes decide: a PNG named .jpg is still a photo, HTML or a PDF named .png is not.
  if (!isVisitPhotoType(declaredType) || !detected || !isVisitPhotoType(detected)) throw photoNotAnImage();
  const stripped = stripPhotoMetadata(bytes, detected);
  if (!stripped) throw photoNotAnImage();
  return { type: detected, bytes: stripped };
}

const keyringOf = (deps: Pick<ThreadDeps, 'config'>) => createPhiKeyring(deps.config.phiKeys.current, deps.config.phiKeys.older);

/**
 * Adds a message while a clinician holds the visit; the other side's page is told at once, and a patient
 * who agreed to texts and is not watching the visit is texted that their doctor wrote (not what). A photo is checked by its bytes,
 * stripped of its metadata and stored sealed before the message is written; a message that cannot be
 * written takes its photo with it.
 */
export async function postMessage(deps: ThreadDeps, who: ThreadSide, visitId: string, content: { text: string; photo?: IncomingPhoto }) {
  const visit = await visitOf(deps.db, who, visitId);
  if (visit.status !== 'claimed' && visit.status !== 'in_visit') throw conflict(messages.visitNotOpen);
  const photo = content.photo && { id: randomUUID(), ...(await checkedPhoto(content.photo)) };
  if (photo) await writePhoto(deps.storage, keyringOf(deps), visit.id, photo.id, photo.bytes);
  const row = await deps.db
    .transaction(async (tx) => {
      const added = await insertMessage(tx, {
        visitId: visit.id,
        authorId: who.userId,
        fromSide: who.side,
        text: content.text,
        ...(photo && { photoId: photo.id, photoType: photo.type, photoSize: photo.bytes.length }),
      });
      // The one who asked for the visit (the patient, a child's guardian) reads it there when watching; a text would only repeat it.
      if (who.side === 'clinician' && !(await isWatchingVisit(tx, visit.id, visit.requestedBy))) {
        await deps.sms.queueText(tx, visit.requestedBy, 'visit-message');
      }
      return added;
    })
    .catch(async (error: unknown) => {
      if (photo) await removePhoto(deps.storage, visit.id, photo.id);
      throw error;
    });
  await deps.visitEvents.publish(visitTopic(visit.id), { type: 'message', id: visit.id });
  return { visit, message: toMessage(row) };
}

/** A photo of the visit's thread, opened, for its patient or the clinician holding the visit; 404 for anyone else. */
export async function readPhoto(deps: ThreadDeps, who: ThreadSide, visitId: string, photoId: string) {
  const visit = await visitOf(deps.db, who, visitId);
  const row = await findPhotoMessage(deps.db, visit.id, photoId);
  if (!row?.photoId || !row.photoType) throw notFound(messages.visitPhotoNotFound);
  const bytes = await readPhotoBytes(deps.storage, keyringOf(deps), visit.id, row.photoId);
  return { visit, photo: { id: row.photoId, type: row.photoType, bytes } };
}
