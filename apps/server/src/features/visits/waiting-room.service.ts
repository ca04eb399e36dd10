import type { PatientVisit } from '@app/shared';
import type { Executor } from '../../db/client';
import type { LiveEvent } from '../../lib/live/bus';
import { wakeBatcher } from '../../lib/live/wake-batch';
import { visitsWithIds } from './repository';
import { keptBy } from './request.service';
import { readQueues, toPatientVisits } from './view.service';

/**
 * How waiting rooms read their visit. A claim moves every later request of its state and so wakes
 * every open room there at once: the rooms one event woke read their visits, and their states'
 * queues, together (`wakeBatcher`), instead of each on its own.
 */
export function waitingRoomReader(db: Executor) {
  const visitWithId = wakeBatcher((ids: string[]) => visitsWithIds(db, ids));
  const queueOf = wakeBatcher((states: string[]) => readQueues(db, states));
  return async (userId: string, visitId: string, wake?: LiveEvent): Promise<PatientVisit> => {
    const visit = await keptBy(db, userId, await visitWithId(visitId, wake));
    const [answer] = await toPatientVisits(db, [visit], { queueOf: async (state) => (await queueOf(state, wake))! });
    return answer!;
  };
}
