import { messages, type VideoCall, type VideoSide } from '@app/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { LiveBus } from '../../lib/live/bus';
import { findCallVisit, findOpenCall, type CallRow, type CallVisit } from './repository';

/** What the call's services use. */
export interface VideoDeps {
  db: Database;
  live: LiveBus;
  config: Pick<Config, 'video'>;
}

/** The signed-in person asking. */
export interface Caller {
  userId: string;
  isClinician: boolean;
}

/** A party to a visit's call: its patient, or the clinician holding it. */
export interface Party {
  visit: CallVisit;
  side: VideoSide;
  userId: string;
}

/**
 * The caller as a party to the visit, read again on every request: a clinician who handed the visit
 * back is no longer one. Anyone else (another patient, another clinician, an admin) is refused with 403.
 */
export async function partyOf(db: Database, caller: Caller, visitId: string): Promise<Party> {
  const visit = await findCallVisit(db, visitId);
  if (!visit) throw notFound(messages.visitNotFound);
  if (visit.patientId === caller.userId) return { visit, side: 'patient', userId: caller.userId };
  if (caller.isClinician && visit.clinicianId === caller.userId) return { visit, side: 'clinician', userId: caller.userId };
  throw forbidden(messages.videoNotAParty);
}

/** The open call of a party's visit, or a 409: signals and relay credentials serve an open call only. */
export async function openCallOf(db: Database, party: Party): Promise<CallRow> {
  const call = party.visit.status === 'claimed' || party.visit.status === 'in_visit' ? await findOpenCall(db, party.visit.id) : undefined;
  if (!call) throw conflict(messages.videoNoCall);
  return call;
}

export const otherSide = (side: VideoSide): VideoSide => (side === 'patient' ? 'clinician' : 'patient');

/** A call's change of state: both parties' streams read it again. */
export const callTopic = (visitId: string) => `video:${visitId}`;
/** Signals for one party: only their streams read the table again. */
export const signalTopic = (visitId: string, side: VideoSide) => `video:${visitId}:${side}`;

export const toCall = (row: CallRow): VideoCall => ({
  startedAt: row.startedAt.toISOString(),
  endedAt: row.endedAt?.toISOString() ?? null,
  endedBy: row.endedBySide,
});
