import type { Database, Executor } from '../../db/client';
import { deletePresence, hasLivePresence, insertPresence, renewPresence } from './repository';

/**
 * How long a presence lasts unless renewed: three heartbeats of its event stream (20 s each), so a
 * late renewal does not end it, and an instance that stopped without closing its streams stops
 * counting as watching within a minute.
 */
const PRESENCE_TTL_MS = 60_000;

/**
 * Records that the patient watches the visit's waiting room, for the stream that shows it: renewed
 * with the stream's heartbeat, released when it closes.
 */
export async function watchVisit(deps: { db: Database }, visitId: string, userId: string) {
  const id = await insertPresence(deps.db, visitId, userId, PRESENCE_TTL_MS);
  return {
    renew: () => renewPresence(deps.db, id, PRESENCE_TTL_MS),
    release: () => deletePresence(deps.db, id),
  };
}

/**
 * Whether the person has the visit's page open now, on any instance: a notice about a change they
 * are watching happen would only repeat it. Read in the caller's transaction.
 */
export const isWatchingVisit = (db: Executor, visitId: string, userId: string) => hasLivePresence(db, visitId, userId);
