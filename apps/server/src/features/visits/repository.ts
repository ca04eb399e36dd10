import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { OPEN_VISIT_STATUSES, type VisitNote, type HealthHistory } from '@app/shared';
import type { Executor } from '../../db/client';
import {
  clinicians,
  payments,
  users,
  visitAddenda,
  visitMessages,
  visitNotes,
  visitPresence,
  visitReleases,
  visits,
} from '../../db/schema';

export type VisitRow = typeof visits.$inferSelect;
export type NewVisit = typeof visits.$inferInsert;
export type VisitNoteRow = typeof visitNotes.$inferSelect;
export type AddendumRow = typeof visitAddenda.$inferSelect;
export type MessageRow = typeof visitMessages.$inferSelect;

/** The clinician as a patient sees them: name, licence and NPI. */
export interface ClinicianCard {
  userId: string;
  firstName: string;
  lastName: string;
  credentials: (typeof clinicians.$inferSelect)['credentials'];
  npi: string;
}

const isOpen = inArray(visits.status, [...OPEN_VISIT_STATUSES]);

/** Adds a request; the partial unique index refuses a second open one for the same patient. */
export async function insertVisit(db: Executor, values: NewVisit): Promise<VisitRow> {
  const [row] = await db.insert(visits).values(values).returning();
  return row!;
}

export async function findVisit(db: Executor, id: string): Promise<VisitRow | undefined> {
  const [row] = await db.select().from(visits).where(eq(visits.id, id));
  return row;
}

/** The visits with these ids, by id. */
export async function visitsWithIds(db: Executor, ids: string[]): Promise<Map<string, VisitRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(visits).where(inArray(visits.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function findOpenVisitOf(db: Executor, patientId: string): Promise<VisitRow | undefined> {
  const [row] = await db
    .select()
    .from(visits)
    .where(and(eq(visits.patientId, patientId), isOpen));
  return row;
}

/** The visits of some patients (one, or a guardian and their children), newest first. */
export async function listVisitsOf(db: Executor, patientIds: string[]): Promise<VisitRow[]> {
  return db.select().from(visits).where(inArray(visits.patientId, patientIds)).orderBy(desc(visits.requestedAt));
}

const clinicianUsers = alias(users, 'clinician_user');

/** How many visits some patients have had, whatever their status. */
export async function countVisitsOf(db: Executor, patientIds: string[]): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(visits)
    .where(inArray(visits.patientId, patientIds));
  return row?.count ?? 0;
}

/**
 * A page of some patients' visits, newest first, as the console lists them: the visit's own columns
 * (none of its sealed health data is read), its patient's name, its clinician and what its payment charged.
 */
export async function pageOfVisitsOf(db: Executor, patientIds: string[], offset: number, limit: number) {
  return db
    .select({
      id: visits.id,
      patientId: visits.patientId,
      patientFirstName: users.firstName,
      patientLastName: users.lastName,
      service: visits.service,
      mode: visits.mode,
      status: visits.status,
      cancelledBy: visits.cancelledBy,
      requestedAt: visits.requestedAt,
      claimedAt: visits.claimedAt,
      clinicianFirstName: clinicianUsers.firstName,
      clinicianLastName: clinicianUsers.lastName,
      credentials: clinicians.credentials,
      coverage: visits.coverage,
      paidCents: payments.amountCents,
    })
    .from(visits)
    .innerJoin(users, eq(users.id, visits.patientId))
    .leftJoin(clinicians, eq(clinicians.userId, visits.clinicianId))
    .leftJoin(clinicianUsers, eq(clinicianUsers.id, visits.clinicianId))
    .leftJoin(payments, eq(payments.id, visits.paymentId))
    .where(inArray(visits.patientId, patientIds))
    .orderBy(desc(visits.requestedAt), desc(visits.id))
    .offset(offset)
    .limit(limit);
}
export type ListedVisitRow = Awaited<ReturnType<typeof pageOfVisitsOf>>[number];

/** How many one-time visits of the patient were completed since a date: a one-time purchase covers one. */
export async function countCompletedOneTimeVisits(db: Executor, patientId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(visits)
    .where(
      and(eq(visits.patientId, patientId), eq(visits.coverage, 'one-time'), eq(visits.status, 'completed'), gte(visits.requestedAt, since)),
    );
  return row?.count ?? 0;
}

/** Whether an active clinician is licensed in the state. */
export async function someClinicianLicensedIn(db: Executor, state: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: clinicians.userId })
    .from(clinicians)
    .where(and(isNull(clinicians.disabledAt), sql`${state} = ANY(${clinicians.states})`))
    .limit(1);
  return row !== undefined;
}

export async function findClinician(db: Executor, userId: string) {
  const [row] = await db.select().from(clinicians).where(eq(clinicians.userId, userId));
  return row;
}

/** The clinicians named by a set of visits, as their patients see them. */
export async function clinicianCards(db: Executor, ids: string[]): Promise<Map<string, ClinicianCard>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      userId: clinicians.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      credentials: clinicians.credentials,
      npi: clinicians.npi,
    })
    .from(clinicians)
    .innerJoin(users, eq(users.id, clinicians.userId))
    .where(inArray(clinicians.userId, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.userId, row]));
}

/**
 * When each request waiting in a state was made, oldest first: a request's place in the queue is the
 * number made before it, plus one. The status is written into the statement (see `waitingIn`).
 */
export async function waitingRequestTimes(db: Executor, state: string): Promise<Date[]> {
  const rows = await db
    .select({ requestedAt: visits.requestedAt })
    .from(visits)
    .where(and(sql`${visits.status} = 'waiting'`, eq(visits.state, state)))
    .orderBy(asc(visits.requestedAt));
  return rows.map((row) => row.requestedAt);
}

/** How many requests clinicians claimed since a moment: how fast the queue moves. */
export async function countClaimsSince(db: Executor, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(visits)
    .where(gte(visits.claimedAt, since));
  return row?.count ?? 0;
}

/**
 * The oldest waiting requests in the states given, with the patient's date of birth for their age.
 * The status is written into the statement, not sent as a parameter: a plan made for any status (a
 * prepared statement's generic plan) could not use the partial indexes of waiting requests, and read
 * and sorted every visit.
 */
export async function waitingIn(db: Executor, states: string[], limit: number) {
  return db
    .select({ visit: visits, dob: users.dob })
    .from(visits)
    .innerJoin(users, eq(users.id, visits.patientId))
    .where(and(sql`${visits.status} = 'waiting'`, inArray(visits.state, states)))
    .orderBy(asc(visits.requestedAt))
    .limit(limit);
}

/** The clinician's claimed and started visits, oldest claim first. */
export async function openVisitsOfClinician(db: Executor, clinicianId: string): Promise<VisitRow[]> {
  return db
    .select()
    .from(visits)
    .where(and(eq(visits.clinicianId, clinicianId), inArray(visits.status, ['claimed', 'in_visit'])))
    .orderBy(asc(visits.claimedAt));
}

/** The visits a clinician closed, newest first. */
export async function closedVisitsOfClinician(db: Executor, clinicianId: string, limit: number): Promise<VisitRow[]> {
  return db
    .select()
    .from(visits)
    .where(and(eq(visits.clinicianId, clinicianId), eq(visits.status, 'completed')))
    .orderBy(desc(visits.endedAt))
    .limit(limit);
}

/**
 * Claims a waiting request for a clinician licensed in its state: one conditional UPDATE, so of two
 * clinicians who press "Claim" at once, on any instances, exactly one gets the row.
 */
export async function claimVisit(db: Executor, visitId: string, clinicianId: string, states: string[], now: Date) {
  const [row] = await db
    .update(visits)
    .set({ status: 'claimed', clinicianId, claimedAt: now })
    .where(and(eq(visits.id, visitId), eq(visits.status, 'waiting'), inArray(visits.state, states)))
    .returning();
  return row;
}

/** Moves a visit from one of the given statuses to a new state; undefined when it was not in them (or not the clinician's). */
export async function transitionVisit(
  db: Executor,
  visitId: string,
  from: VisitRow['status'][],
  change: Partial<NewVisit>,
  clinicianId?: string,
): Promise<VisitRow | undefined> {
  const [row] = await db
    .update(visits)
    .set(change)
    .where(
      and(
        eq(visits.id, visitId),
        inArray(visits.status, from),
        clinicianId === undefined ? undefined : eq(visits.clinicianId, clinicianId),
      ),
    )
    .returning();
  return row;
}

/** Back to the queue, as if never claimed: the hand-back itself is kept with its reason. */
const backToQueue = { status: 'waiting', clinicianId: null, claimedAt: null, startedAt: null } as const;

export async function releaseVisit(db: Executor, visitId: string, clinicianId: string, reason: string): Promise<VisitRow | undefined> {
  const row = await transitionVisit(db, visitId, ['claimed', 'in_visit'], backToQueue, clinicianId);
  if (row) await db.insert(visitReleases).values({ visitId, clinicianId, reason });
  return row;
}

/** Hands back every open visit of a clinician (disabled, or a claim left unstarted), with the reason. */
export async function releaseVisitsWhere(db: Executor, condition: ReturnType<typeof and>, reason: string): Promise<VisitRow[]> {
  const claimed = await db
    .select({ id: visits.id, clinicianId: visits.clinicianId })
    .from(visits)
    .where(and(inArray(visits.status, ['claimed', 'in_visit']), condition))
    .for('update', { skipLocked: true });
  const released: VisitRow[] = [];
  for (const { id, clinicianId } of claimed) {
    const row = await releaseVisit(db, id, clinicianId!, reason);
    if (row) released.push(row);
  }
  return released;
}

export const claimedBy = (clinicianId: string) => eq(visits.clinicianId, clinicianId);
export const claimedBefore = (moment: Date) => and(eq(visits.status, 'claimed'), lt(visits.claimedAt, moment));

export async function findNote(db: Executor, visitId: string): Promise<VisitNoteRow | undefined> {
  const [row] = await db.select().from(visitNotes).where(eq(visitNotes.visitId, visitId));
  return row;
}

export async function notesOf(db: Executor, visitIds: string[]): Promise<Map<string, VisitNoteRow>> {
  if (visitIds.length === 0) return new Map();
  const rows = await db.select().from(visitNotes).where(inArray(visitNotes.visitId, visitIds));
  return new Map(rows.map((row) => [row.visitId, row]));
}

/** Saves the draft; a signed note is left as it is (undefined). */
export async function saveDraftNote(db: Executor, visitId: string, note: VisitNote): Promise<VisitNoteRow | undefined> {
  const [row] = await db
    .insert(visitNotes)
    .values({ visitId, note })
    .onConflictDoUpdate({
      target: visitNotes.visitId,
      set: { note, updatedAt: sql`now()` },
      setWhere: isNull(visitNotes.signedAt),
    })
    .returning();
  return row;
}

/** Signs the note once: undefined when it was signed already. */
export async function signNote(
  db: Executor,
  visitId: string,
  clinicianId: string,
  note: VisitNote,
  pharmacy: HealthHistory['pharmacy'],
  now: Date,
): Promise<VisitNoteRow | undefined> {
  const [row] = await db
    .insert(visitNotes)
    .values({ visitId, note, pharmacy, signedAt: now, signedBy: clinicianId, updatedAt: now })
    .onConflictDoUpdate({
      target: visitNotes.visitId,
      set: { note, pharmacy, signedAt: now, signedBy: clinicianId, updatedAt: now },
      setWhere: isNull(visitNotes.signedAt),
    })
    .returning();
  return row;
}

export async function insertAddendum(db: Executor, visitId: string, authorId: string, text: string): Promise<AddendumRow> {
  const [row] = await db.insert(visitAddenda).values({ visitId, authorId, text }).returning();
  return row!;
}

export async function addendaOf(db: Executor, visitIds: string[]) {
  if (visitIds.length === 0) return [];
  return db
    .select({ addendum: visitAddenda, firstName: users.firstName, lastName: users.lastName, credentials: clinicians.credentials })
    .from(visitAddenda)
    .innerJoin(clinicians, eq(clinicians.userId, visitAddenda.authorId))
    .innerJoin(users, eq(users.id, visitAddenda.authorId))
    .where(inArray(visitAddenda.visitId, visitIds))
    .orderBy(asc(visitAddenda.id));
}

export async function insertMessage(db: Executor, values: typeof visitMessages.$inferInsert): Promise<MessageRow> {
  const [row] = await db.insert(visitMessages).values(values).returning();
  return row!;
}

export async function messagesOf(db: Executor, visitId: string): Promise<MessageRow[]> {
  return db.select().from(visitMessages).where(eq(visitMessages.visitId, visitId)).orderBy(asc(visitMessages.id));
}

/** The messages of several visits, each visit's in the order they were sent. */
export async function messagesOfVisits(db: Executor, visitIds: string[]): Promise<MessageRow[]> {
  if (visitIds.length === 0) return [];
  return db.select().from(visitMessages).where(inArray(visitMessages.visitId, visitIds)).orderBy(asc(visitMessages.id));
}

/** The message of a visit that carries a photo. */
export async function findPhotoMessage(db: Executor, visitId: string, photoId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(visitMessages)
    .where(and(eq(visitMessages.visitId, visitId), eq(visitMessages.photoId, photoId)));
  return row;
}

/** Every message that carries a photo: its visit and photo ids. */
export async function photoMessages(db: Executor): Promise<{ visitId: string; photoId: string }[]> {
  const rows = await db
    .select({ visitId: visitMessages.visitId, photoId: visitMessages.photoId })
    .from(visitMessages)
    .where(isNotNull(visitMessages.photoId))
    .orderBy(asc(visitMessages.id));
  return rows.flatMap(({ visitId, photoId }) => (photoId ? [{ visitId, photoId }] : []));
}

/** The database's clock, so that instances whose clocks differ agree on which presence is live. */
const nowPlus = (ms: number) => sql<Date>`now() + ${ms}::int * interval '1 millisecond'`;

/**
 * Records that a person watches a visit for `ttlMs`, and sweeps every presence past its expiry (a
 * stream whose instance stopped without closing it). Answers the row's id, to renew and delete it.
 */
export async function insertPresence(db: Executor, visitId: string, userId: string, ttlMs: number): Promise<string> {
  await db.delete(visitPresence).where(lt(visitPresence.expiresAt, sql`now()`));
  const [row] = await db
    .insert(visitPresence)
    .values({ visitId, userId, expiresAt: nowPlus(ttlMs) })
    .returning({ id: visitPresence.id });
  return row!.id;
}

export async function renewPresence(db: Executor, id: string, ttlMs: number): Promise<void> {
  await db
    .update(visitPresence)
    .set({ expiresAt: nowPlus(ttlMs) })
    .where(eq(visitPresence.id, id));
}

export async function deletePresence(db: Executor, id: string): Promise<void> {
  await db.delete(visitPresence).where(eq(visitPresence.id, id));
}

/** Whether a presence of the person on the visit has not expired. */
export async function hasLivePresence(db: Executor, visitId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: visitPresence.id })
    .from(visitPresence)
    .where(and(eq(visitPresence.visitId, visitId), eq(visitPresence.userId, userId), gte(visitPresence.expiresAt, sql`now()`)))
    .limit(1);
  return row !== undefined;
}
