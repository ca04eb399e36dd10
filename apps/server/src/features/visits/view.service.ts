import type { PatientVisit, VisitNote } from '@app/shared';
import type { Executor } from '../../db/client';
import {
  addendaOf,
  clinicianCards,
  countClaimsSince,
  notesOf,
  queuePosition,
  type ClinicianCard,
  type VisitNoteRow,
  type VisitRow,
} from './repository';

/** Without a claim in the last hour, a wait is estimated at the urgent-care promise: a doctor within 15 minutes. */
const MINUTES_PER_CLAIM_WITHOUT_HISTORY = 15;
const HOUR_MS = 60 * 60_000;

/** "Dr. Grace Hopper, MD": physicians are doctors; nurse practitioners and physician assistants go by their name. */
export const clinicianName = ({ firstName, lastName, credentials }: Pick<ClinicianCard, 'firstName' | 'lastName' | 'credentials'>) =>
  `${credentials === 'MD' || credentials === 'DO' ? 'Dr. ' : ''}${firstName} ${lastName}, ${credentials}`;

/** A signed note as its patient reads it, with the addenda written since. */
export interface SignedSummary {
  note: VisitNote;
  pharmacy: VisitNoteRow['pharmacy'];
  signedAt: string;
  addenda: { text: string; author: string; addedAt: string }[];
}

/** The signed summaries of some visits, by visit id; a draft is nobody's business but its author's. */
export async function signedSummaries(db: Executor, visitIds: string[]): Promise<Map<string, SignedSummary>> {
  const [notes, addenda] = await Promise.all([notesOf(db, visitIds), addendaOf(db, visitIds)]);
  const summaries = new Map<string, SignedSummary>();
  for (const [visitId, row] of notes) {
    if (!row.signedAt) continue;
    summaries.set(visitId, { note: row.note, pharmacy: row.pharmacy, signedAt: row.signedAt.toISOString(), addenda: [] });
  }
  for (const { addendum, ...author } of addenda) {
    summaries.get(addendum.visitId)?.addenda.push({
      text: addendum.text,
      author: clinicianName(author),
      addedAt: addendum.addedAt.toISOString(),
    });
  }
  return summaries;
}

/** The estimated wait of a request at this place in the queue, from how fast requests were claimed in the last hour. */
async function queueEstimate(db: Executor, visit: VisitRow, now: Date) {
  const position = await queuePosition(db, visit);
  const claims = await countClaimsSince(db, new Date(now.getTime() - HOUR_MS));
  const minutesPerClaim = claims > 0 ? 60 / claims : MINUTES_PER_CLAIM_WITHOUT_HISTORY;
  return { position, estimatedWaitMinutes: Math.max(1, Math.ceil(position * minutesPerClaim)) };
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Visits as their patient sees them: the clinician's card, the place in the queue while waiting, and the signed summary. */
export async function toPatientVisits(db: Executor, rows: VisitRow[], now = new Date()): Promise<PatientVisit[]> {
  const ids = rows.map((row) => row.id);
  const [cards, summaries] = await Promise.all([
    clinicianCards(
      db,
      rows.flatMap((row) => (row.clinicianId ? [row.clinicianId] : [])),
    ),
    signedSummaries(db, ids),
  ]);
  return Promise.all(
    rows.map(async (row): Promise<PatientVisit> => {
      const card = row.clinicianId ? cards.get(row.clinicianId) : undefined;
      return {
        id: row.id,
        status: row.status,
        service: row.service,
        mode: row.mode,
        state: row.state,
        symptoms: row.symptoms,
        since: row.since,
        requestedAt: row.requestedAt.toISOString(),
        claimedAt: iso(row.claimedAt),
        startedAt: iso(row.startedAt),
        endedAt: iso(row.endedAt),
        cancelReason: row.cancelReason,
        clinician: card ? { name: clinicianName(card), credentials: card.credentials, npi: card.npi } : null,
        queue: row.status === 'waiting' ? await queueEstimate(db, row, now) : null,
        summary: summaries.get(row.id) ?? null,
      };
    }),
  );
}
