import { clinicianName, type PatientVisit, type VisitNote } from '@app/shared';
import type { Executor } from '../../db/client';
import { findUserById } from '../users';
import { addendaOf, clinicianCards, countClaimsSince, notesOf, waitingRequestTimes, type VisitNoteRow, type VisitRow } from './repository';

/** Without a claim in the last hour, a wait is estimated at the urgent-care promise: a doctor within 15 minutes. */
const MINUTES_PER_CLAIM_WITHOUT_HISTORY = 15;
const HOUR_MS = 60 * 60_000;

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

/** What every place and wait in one state's queue is computed from: its waiting requests' times, and its pace. */
export interface QueueReading {
  /** Milliseconds, oldest first. */
  waitingSince: number[];
  claimsInLastHour: number;
}

/** The readings of the queues of some states, read together (the last hour's claims once). */
export async function readQueues(db: Executor, states: string[], now = new Date()): Promise<Map<string, QueueReading>> {
  const [claimsInLastHour, ...times] = await Promise.all([
    countClaimsSince(db, new Date(now.getTime() - HOUR_MS)),
    ...states.map((state) => waitingRequestTimes(db, state)),
  ]);
  return new Map(states.map((state, index) => [state, { waitingSince: times[index]!.map((time) => time.getTime()), claimsInLastHour }]));
}

/**
 * A request's place (the requests of its state made before it, plus one) and its estimated wait, from
 * how fast requests were claimed in the last hour.
 */
function queueEstimate({ waitingSince, claimsInLastHour }: QueueReading, visit: VisitRow) {
  const requestedAt = visit.requestedAt.getTime();
  let before = 0;
  let after = waitingSince.length;
  while (before < after) {
    const middle = (before + after) >>> 1;
    if (waitingSince[middle]! < requestedAt) before = middle + 1;
    else after = middle;
  }
  const position = before + 1;
  const minutesPerClaim = claimsInLastHour > 0 ? 60 / claimsInLastHour : MINUTES_PER_CLAIM_WITHOUT_HISTORY;
  return { position, estimatedWaitMinutes: Math.max(1, Math.ceil(position * minutesPerClaim)) };
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The names of the visits' patients (the member, a child of theirs), by id. */
async function patientNames(db: Executor, rows: VisitRow[]) {
  const ids = [...new Set(rows.map((row) => row.patientId))];
  const users = await Promise.all(ids.map((id) => findUserById(db, id)));
  return new Map(ids.map((id, i) => [id, { id, firstName: users[i]?.firstName ?? '', lastName: users[i]?.lastName ?? '' }]));
}

/**
 * Visits as their patient sees them: the clinician's card, the place in the queue while waiting, and
 * the signed summary (only a completed visit has one: signing completes it). `queueOf` gives a
 * state's queue reading when the caller has one to share (the waiting rooms).
 */
export async function toPatientVisits(
  db: Executor,
  rows: VisitRow[],
  {
    now = new Date(),
    queueOf = async (state: string) => (await readQueues(db, [state], now)).get(state)!,
  }: { now?: Date; queueOf?: (state: string) => Promise<QueueReading> } = {},
): Promise<PatientVisit[]> {
  const ids = rows.flatMap((row) => (row.status === 'completed' ? [row.id] : []));
  const [names, cards, summaries] = await Promise.all([
    patientNames(db, rows),
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
        patient: names.get(row.patientId)!,
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
        queue: row.status === 'waiting' ? queueEstimate(await queueOf(row.state), row) : null,
        summary: summaries.get(row.id) ?? null,
      };
    }),
  );
}
