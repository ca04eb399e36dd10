import { releaseStaleClaims, type VisitEvents } from '../features/visits';
import type { Database } from '../db/client';
import type { Log } from '../lib/logging';
import { startSchedule } from './schedule';

/** Every minute, claims left unstarted too long go back to the queue (a conditional update: safe on every instance at once). */
export const startVisitSchedule = (deps: { db: Database; log: Log; visitEvents: VisitEvents }, intervalMs = 60_000) =>
  startSchedule(deps.log, 'visits', () => releaseStaleClaims(deps, new Date()), intervalMs);
