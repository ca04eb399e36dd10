import { ageOn, clinicianName, messages, type ClinicianVisit, type VisitNote } from '@app/shared';
import type { Database, Executor } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { findVersion, latestVersion } from '../health-history';
import { queueMailToSend, type MailDelivery, type MailTemplates } from '../mail';
import type { TextMessages } from '../sms';
import { findUserById } from '../users';
import { announceVisit, type VisitEvents } from './events.service';
import { isWatchingVisit } from './presence.service';
import {
  claimedBefore,
  claimedBy,
  claimVisit,
  clinicianCards,
  closedVisitsOfClinician,
  findClinician,
  findNote,
  findVisit,
  insertAddendum,
  listVisitsOf,
  openVisitsOfClinician,
  releaseVisit,
  releaseVisitsWhere,
  saveDraftNote,
  signNote,
  transitionVisit,
  waitingIn,
  type VisitRow,
} from './repository';
import { signedSummaries } from './view.service';

/** What the clinicians' side of visits uses. */
export interface ClinicDeps {
  db: Database;
  visitEvents: VisitEvents;
  mail: MailDelivery;
  templates: MailTemplates;
  sms: Pick<TextMessages, 'queueText'>;
}

/** The most requests the queue shows at once: the oldest, which are taken first. */
const QUEUE_PAGE = 50;
/** A claim not started within this long goes back to the queue by itself. */
const CLAIM_START_LIMIT_MS = 10 * 60_000;
const RECENTLY_CLOSED = 20;

/** The clinician behind a session, refused when disabled. */
async function activeClinician(db: Executor, userId: string) {
  const clinician = await findClinician(db, userId);
  if (!clinician || clinician.disabledAt) throw forbidden(messages.accessDenied);
  return clinician;
}

const queueItem = (visit: VisitRow, dob: string | null, now: Date) => ({
  id: visit.id,
  service: visit.service,
  state: visit.state,
  age: ageOn(dob, now),
  mode: visit.mode,
  requestedAt: visit.requestedAt.toISOString(),
});

/** The requests this clinician may take (patients located in one of their states), oldest first, with nothing that names the patient. */
export async function readQueue(deps: ClinicDeps, clinicianId: string) {
  const clinician = await activeClinician(deps.db, clinicianId);
  const now = new Date();
  const waiting = await waitingIn(deps.db, clinician.states, QUEUE_PAGE);
  return { onDuty: clinician.onDuty, states: clinician.states, requests: waiting.map(({ visit, dob }) => queueItem(visit, dob, now)) };
}

/** The visits the clinician holds now and those they closed lately. */
export async function readDesk(deps: ClinicDeps, clinicianId: string) {
  await activeClinician(deps.db, clinicianId);
  const now = new Date();
  const [open, closed] = await Promise.all([
    openVisitsOfClinician(deps.db, clinicianId),
    closedVisitsOfClinician(deps.db, clinicianId, RECENTLY_CLOSED),
  ]);
  const withPatient = async (visit: VisitRow) => {
    const patient = await findUserById(deps.db, visit.patientId);
    return {
      ...queueItem(visit, patient?.dob ?? null, now),
      status: visit.status,
      patientName: patient ? `${patient.firstName} ${patient.lastName}` : '',
    };
  };
  return {
    open: await Promise.all(open.map(withPatient)),
    closed: await Promise.all(
      closed.map(async (visit) => ({ ...(await withPatient(visit)), endedAt: visit.endedAt?.toISOString() ?? null })),
    ),
  };
}

/** The visit, when this clinician holds it; 404 otherwise (another's visit is not theirs to read). */
async function heldVisit(db: Executor, clinicianId: string, visitId: string) {
  const visit = await findVisit(db, visitId);
  if (!visit || visit.clinicianId !== clinicianId) throw notFound(messages.visitNotFound);
  return visit;
}

/** A claimed visit as its clinician works it: the patient, the history when requested, past summaries, the note. */
export async function readClinicianVisit(deps: ClinicDeps, clinicianId: string, visitId: string): Promise<ClinicianVisit> {
  await activeClinician(deps.db, clinicianId);
  return clinicianView(deps.db, await heldVisit(deps.db, clinicianId, visitId));
}

async function clinicianView(db: Executor, visit: VisitRow): Promise<ClinicianVisit> {
  const [patient, guardian, history, note, earlier] = await Promise.all([
    findUserById(db, visit.patientId),
    // A child's visit is asked for by their guardian, the clinician's contact.
    visit.requestedBy === visit.patientId ? undefined : findUserById(db, visit.requestedBy),
    visit.historyVersionId ? findVersion(db, visit.historyVersionId) : latestVersion(db, visit.patientId),
    findNote(db, visit.id),
    listVisitsOf(db, [visit.patientId]),
  ]);
  const past = earlier.filter((row) => row.id !== visit.id && row.status === 'completed');
  const [summaries, cards, own] = await Promise.all([
    signedSummaries(
      db,
      past.map((row) => row.id),
    ),
    clinicianCards(
      db,
      past.flatMap((row) => (row.clinicianId ? [row.clinicianId] : [])),
    ),
    signedSummaries(db, [visit.id]),
  ]);
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    id: visit.id,
    status: visit.status,
    service: visit.service,
    mode: visit.mode,
    state: visit.state,
    symptoms: visit.symptoms,
    since: visit.since,
    requestedAt: visit.requestedAt.toISOString(),
    claimedAt: iso(visit.claimedAt),
    startedAt: iso(visit.startedAt),
    endedAt: iso(visit.endedAt),
    cancelledBy: visit.cancelledBy,
    patient: {
      id: visit.patientId,
      firstName: patient?.firstName ?? '',
      lastName: patient?.lastName ?? '',
      dob: patient?.dob ?? null,
      age: ageOn(patient?.dob ?? null, new Date()),
    },
    guardian: guardian ? { firstName: guardian.firstName, lastName: guardian.lastName } : null,
    callbackPhone: visit.mode === 'phone' ? visit.callbackPhone : null,
    history: history?.history ?? null,
    historySavedAt: iso(history?.savedAt ?? null),
    pastVisits: past.flatMap((row) => {
      const summary = summaries.get(row.id);
      const card = row.clinicianId ? cards.get(row.clinicianId) : undefined;
      return summary
        ? [
            {
              id: row.id,
              service: row.service,
              requestedAt: row.requestedAt.toISOString(),
              clinician: card ? clinicianName(card) : null,
              summary,
            },
          ]
        : [];
    }),
    note: note?.note ?? null,
    signedAt: iso(note?.signedAt ?? null),
    addenda: own.get(visit.id)?.addenda ?? [],
  };
}

/**
 * Claims a waiting request: only on duty, only in the clinician's states, and only one clinician
 * gets it. A patient not watching the waiting room is e-mailed (and texted, when they agreed to
 * texts) that a doctor is ready, without a word about their health.
 */
export async function claimRequest(deps: ClinicDeps, clinicianId: string, visitId: string): Promise<ClinicianVisit> {
  const clinician = await activeClinician(deps.db, clinicianId);
  if (!clinician.onDuty) throw conflict(messages.clinicianNotOnDuty);
  const claimed = await deps.db.transaction(async (tx) => {
    const row = await claimVisit(tx, visitId, clinicianId, clinician.states, new Date());
    if (!row) return undefined;
    // The one who asked for the visit (the patient, or a child's guardian) sees the claim in the waiting room when watching; else is told.
    if (await isWatchingVisit(tx, row.id, row.requestedBy)) return { row, mail: null };
    const contact = await findUserById(tx, row.requestedBy);
    const mail = contact ? await queueMailToSend(tx, deps.templates.doctorReady(contact.email, contact.firstName, row.id)) : null;
    // A text too, when they agreed to texts: a nudge, never what the visit is about.
    await deps.sms.queueText(tx, row.requestedBy, 'doctor-ready');
    return { row, mail };
  });
  if (!claimed) {
    const visit = await findVisit(deps.db, visitId);
    if (!visit) throw notFound(messages.visitNotFound);
    if (!clinician.states.includes(visit.state)) throw forbidden(messages.visitOutsideLicence);
    throw conflict(messages.visitAlreadyClaimed);
  }
  if (claimed.mail) void deps.mail.send(claimed.mail);
  await announceVisit(deps.visitEvents, claimed.row);
  return clinicianView(deps.db, claimed.row);
}

/** A change only the holding clinician may make, in the statuses given; a visit in another status is refused with `refusal`. */
async function changeHeldVisit(
  deps: ClinicDeps,
  clinicianId: string,
  visitId: string,
  change: (visit: VisitRow) => Promise<VisitRow | undefined>,
  refusal: string,
): Promise<ClinicianVisit> {
  await activeClinician(deps.db, clinicianId);
  const visit = await heldVisit(deps.db, clinicianId, visitId);
  const changed = await change(visit);
  if (!changed) throw conflict(refusal);
  await announceVisit(deps.visitEvents, changed);
  return clinicianView(deps.db, changed);
}

/** The clinician begins the visit (calls the patient, opens the thread or the video). */
export const startVisit = (deps: ClinicDeps, clinicianId: string, visitId: string) =>
  changeHeldVisit(
    deps,
    clinicianId,
    visitId,
    (visit) => transitionVisit(deps.db, visit.id, ['claimed'], { status: 'in_visit', startedAt: new Date() }, clinicianId),
    messages.visitNotOpen,
  );

/** Hands the request back to the queue with a reason, kept with the visit. */
export async function releaseRequest(deps: ClinicDeps, clinicianId: string, visitId: string, reason: string): Promise<void> {
  await activeClinician(deps.db, clinicianId);
  const visit = await heldVisit(deps.db, clinicianId, visitId);
  const released = await deps.db.transaction((tx) => releaseVisit(tx, visit.id, clinicianId, reason));
  if (!released) throw conflict(messages.visitNotOpen);
  await announceVisit(deps.visitEvents, released);
}

/** Saves the note's draft; a signed note is refused (it can only be amended). */
export async function saveNote(deps: ClinicDeps, clinicianId: string, visitId: string, note: VisitNote): Promise<ClinicianVisit> {
  await activeClinician(deps.db, clinicianId);
  const visit = await heldVisit(deps.db, clinicianId, visitId);
  if (visit.status !== 'claimed' && visit.status !== 'in_visit') {
    if ((await findNote(deps.db, visit.id))?.signedAt) throw conflict(messages.noteAlreadySigned);
    throw conflict(messages.visitNotOpen);
  }
  if (!(await saveDraftNote(deps.db, visit.id, note))) throw conflict(messages.noteAlreadySigned);
  return clinicianView(deps.db, visit);
}

/**
 * Signs the note and closes the visit, in one transaction: the prescriptions are recorded as sent to the
 * pharmacy of the patient's history as it is now. A note is signed once.
 */
export async function signAndClose(deps: ClinicDeps, clinicianId: string, visitId: string, note: VisitNote): Promise<ClinicianVisit> {
  await activeClinician(deps.db, clinicianId);
  const visit = await heldVisit(deps.db, clinicianId, visitId);
  if ((await findNote(deps.db, visit.id))?.signedAt) throw conflict(messages.noteAlreadySigned);
  const pharmacy = (await latestVersion(deps.db, visit.patientId))?.history.pharmacy ?? null;
  const closed = await deps.db.transaction(async (tx) => {
    const now = new Date();
    const row = await transitionVisit(
      tx,
      visit.id,
      ['claimed', 'in_visit'],
      { status: 'completed', startedAt: visit.startedAt ?? now, endedAt: now },
      clinicianId,
    );
    if (!row) return undefined;
    if (!(await signNote(tx, visit.id, clinicianId, note, pharmacy, now))) throw conflict(messages.noteAlreadySigned);
    return row;
  });
  if (!closed) throw conflict(messages.visitNotOpen);
  await announceVisit(deps.visitEvents, closed);
  return clinicianView(deps.db, closed);
}

/** Amends a signed note with an addendum, with its time and author. */
export async function addAddendum(deps: ClinicDeps, clinicianId: string, visitId: string, text: string): Promise<ClinicianVisit> {
  await activeClinician(deps.db, clinicianId);
  const visit = await heldVisit(deps.db, clinicianId, visitId);
  if (!(await findNote(deps.db, visit.id))?.signedAt) throw conflict(messages.noteNotSigned);
  await insertAddendum(deps.db, visit.id, clinicianId, text);
  await announceVisit(deps.visitEvents, visit);
  return clinicianView(deps.db, visit);
}

/**
 * Every open visit of a clinician goes back to the queue, in the caller's transaction (the clinician's
 * disabling); announce the visits answered once it commits.
 */
export const handBackVisitsOf = (tx: Executor, clinicianId: string) =>
  releaseVisitsWhere(tx, claimedBy(clinicianId), 'The clinician was disabled');

/** Tells the pages of each visit, and their queues, that they changed. */
export async function announceVisits(events: VisitEvents, changed: VisitRow[]) {
  for (const visit of changed) await announceVisit(events, visit);
}

/** Claims not started within the limit go back to the queue by themselves. */
export async function releaseStaleClaims(deps: Pick<ClinicDeps, 'db' | 'visitEvents'>, now: Date) {
  const released = await deps.db.transaction((tx) =>
    releaseVisitsWhere(tx, claimedBefore(new Date(now.getTime() - CLAIM_START_LIMIT_MS)), 'Not started within 10 minutes of the claim'),
  );
  await announceVisits(deps.visitEvents, released);
  return released.length;
}
