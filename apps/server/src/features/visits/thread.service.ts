import { messages } from '@app/shared';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import type { TextMessages } from '../sms';
import { visitTopic, type VisitEvents } from './events.service';
import { findVisit, insertMessage, messagesOf, type MessageRow, type VisitRow } from './repository';

/** What a visit's thread uses. */
export interface ThreadDeps {
  db: Database;
  visitEvents: VisitEvents;
  sms: Pick<TextMessages, 'queueText'>;
}

/** Who is writing or reading: the visit's patient, or the clinician holding it. */
export type ThreadSide = { side: 'patient'; userId: string } | { side: 'clinician'; userId: string };

const toMessage = (row: MessageRow) => ({
  id: String(row.id),
  from: row.fromSide,
  text: row.text,
  photo: false,
  sentAt: row.sentAt.toISOString(),
});

/** The visit, when the caller is its patient or holds it; 404 for anyone else. */
async function visitOf(db: Database, who: ThreadSide, visitId: string): Promise<VisitRow> {
  const visit = await findVisit(db, visitId);
  const theirs = visit && (who.side === 'patient' ? visit.patientId === who.userId : visit.clinicianId === who.userId);
  if (!visit || !theirs) throw notFound(messages.visitNotFound);
  return visit;
}

export async function readThread(deps: ThreadDeps, who: ThreadSide, visitId: string) {
  const visit = await visitOf(deps.db, who, visitId);
  return { visit, messages: (await messagesOf(deps.db, visit.id)).map(toMessage) };
}

/**
 * Adds a message while a clinician holds the visit; the other side's page is told at once, and a patient
 * who agreed to texts is texted that their doctor wrote (not what).
 */
export async function postMessage(deps: ThreadDeps, who: ThreadSide, visitId: string, text: string) {
  const visit = await visitOf(deps.db, who, visitId);
  if (visit.status !== 'claimed' && visit.status !== 'in_visit') throw conflict(messages.visitNotOpen);
  const row = await deps.db.transaction(async (tx) => {
    const added = await insertMessage(tx, { visitId: visit.id, authorId: who.userId, fromSide: who.side, text });
    if (who.side === 'clinician') await deps.sms.queueText(tx, visit.patientId, 'visit-message');
    return added;
  });
  await deps.visitEvents.publish(visitTopic(visit.id), { type: 'message', id: visit.id });
  return { visit, message: toMessage(row) };
}
