import type { VideoSide, VideoSignal } from '@app/shared';
import { and, desc, eq, gt, isNull, lt, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { videoCalls, videoSignals, visits } from '../../db/schema';

export type CallRow = typeof videoCalls.$inferSelect;

/** How long a signal waits for the other party's stream: a negotiation takes seconds, a page that was away negotiates again. */
const SIGNAL_KEPT_MS = 10 * 60_000;

/** What deciding who may join a visit's call reads of the visit. */
export async function findCallVisit(db: Executor, visitId: string) {
  const [row] = await db
    .select({
      id: visits.id,
      patientId: visits.patientId,
      clinicianId: visits.clinicianId,
      status: visits.status,
      mode: visits.mode,
      state: visits.state,
    })
    .from(visits)
    .where(eq(visits.id, visitId));
  return row;
}
export type CallVisit = NonNullable<Awaited<ReturnType<typeof findCallVisit>>>;

export async function findOpenCall(db: Executor, visitId: string): Promise<CallRow | undefined> {
  const [row] = await db
    .select()
    .from(videoCalls)
    .where(and(eq(videoCalls.visitId, visitId), isNull(videoCalls.endedAt)));
  return row;
}

/** The open call, or else the one that ended last. */
export async function findLatestCall(db: Executor, visitId: string): Promise<CallRow | undefined> {
  const [row] = await db
    .select()
    .from(videoCalls)
    .where(eq(videoCalls.visitId, visitId))
    .orderBy(sql`${videoCalls.endedAt} IS NULL DESC`, desc(videoCalls.startedAt))
    .limit(1);
  return row;
}

/** Opens a call unless one is open already (the unique index decides between two starts at once); answers the open call. */
export async function openCall(tx: Executor, visitId: string, startedBy: string): Promise<CallRow> {
  await tx.insert(videoCalls).values({ visitId, startedBy }).onConflictDoNothing();
  const open = await findOpenCall(tx, visitId);
  if (!open) throw new Error('video call: no open call after opening one');
  return open;
}

/** A claimed visit begins with its call, as the clinician's "Start visit" begins it. */
export async function beginClaimedVisit(tx: Executor, visitId: string, clinicianId: string) {
  const [row] = await tx
    .update(visits)
    .set({ status: 'in_visit', startedAt: new Date() })
    .where(and(eq(visits.id, visitId), eq(visits.clinicianId, clinicianId), eq(visits.status, 'claimed')))
    .returning({ id: visits.id, state: visits.state });
  return row;
}

/** Ends the visit's open call and forgets what its parties sent each other; undefined when none was open. */
export async function endOpenCall(tx: Executor, visitId: string, endedBy: string, side: VideoSide): Promise<CallRow | undefined> {
  const [row] = await tx
    .update(videoCalls)
    .set({ endedAt: new Date(), endedBy, endedBySide: side })
    .where(and(eq(videoCalls.visitId, visitId), isNull(videoCalls.endedAt)))
    .returning();
  if (row) await tx.delete(videoSignals).where(eq(videoSignals.callId, row.id));
  return row;
}

/** Turns an open video visit held by the clinician into a phone visit; its claim, times and note stay. */
export async function switchVisitToPhone(tx: Executor, visitId: string, clinicianId: string) {
  const [row] = await tx
    .update(visits)
    .set({ mode: 'phone' })
    .where(
      and(
        eq(visits.id, visitId),
        eq(visits.clinicianId, clinicianId),
        eq(visits.mode, 'video'),
        sql`${visits.status} IN ('claimed', 'in_visit')`,
      ),
    )
    .returning({ id: visits.id, state: visits.state });
  return row;
}

/** Keeps a signal for the other party, and sweeps those no stream read in time. */
export async function insertSignal(db: Executor, callId: string, toSide: VideoSide, signal: VideoSignal): Promise<void> {
  await db.delete(videoSignals).where(lt(videoSignals.createdAt, new Date(Date.now() - SIGNAL_KEPT_MS)));
  await db.insert(videoSignals).values({ callId, toSide, signal });
}

/** The newest signal's id, of any call: a stream opened now reads only what is sent after it. */
export async function lastSignalId(db: Executor): Promise<number> {
  const [row] = await db.select({ id: max(videoSignals.id) }).from(videoSignals);
  return row?.id ?? 0;
}

/** The signals sent to one party of a call after the given id, oldest first. */
export async function signalsAfter(db: Executor, callId: string, toSide: VideoSide, afterId: number) {
  return db
    .select({ id: videoSignals.id, signal: videoSignals.signal })
    .from(videoSignals)
    .where(and(eq(videoSignals.callId, callId), eq(videoSignals.toSide, toSide), gt(videoSignals.id, afterId)))
    .orderBy(videoSignals.id);
}
