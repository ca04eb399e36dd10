import { messages } from '@app/shared';
import { conflict, forbidden } from '../../lib/errors';
import { announceVisit } from '../visits';
import { endOpenCall, switchVisitToPhone } from './repository';
import { callTopic, partyOf, type Caller, type VideoDeps } from './party.service';

/**
 * The clinician turns a failing video visit into a phone visit: the call ends (by the clinician), and
 * the visit keeps its claim, its times and its note, now showing the patient's callback number.
 */
export async function switchToPhone(deps: VideoDeps, caller: Caller, visitId: string): Promise<void> {
  const party = await partyOf(deps.db, caller, visitId);
  if (party.side !== 'clinician') throw forbidden(messages.accessDenied);
  const switched = await deps.db.transaction(async (tx) => {
    const changed = await switchVisitToPhone(tx, visitId, caller.userId);
    if (!changed) return undefined;
    if (await endOpenCall(tx, visitId, caller.userId, 'clinician')) await deps.live.publish(callTopic(visitId), { type: 'call' }, tx);
    return changed;
  });
  if (!switched) throw conflict(party.visit.mode === 'video' ? messages.videoNotOpen : messages.videoNotVideoVisit);
  await announceVisit(deps.live, switched);
}
