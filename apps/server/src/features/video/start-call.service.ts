import { messages, type VideoCall } from '@app/shared';
import { conflict, forbidden } from '../../lib/errors';
import { announceVisit } from '../visits';
import { beginClaimedVisit, openCall } from './repository';
import { callTopic, partyOf, toCall, type Caller, type VideoDeps } from './party.service';

/**
 * The clinician holding a video visit starts its call: a claimed visit begins with it, and the
 * patient's page offers to join. Starting an open call again answers that call.
 */
export async function startCall(deps: VideoDeps, caller: Caller, visitId: string): Promise<VideoCall> {
  const party = await partyOf(deps.db, caller, visitId);
  if (party.side !== 'clinician') throw forbidden(messages.accessDenied);
  if (party.visit.mode !== 'video') throw conflict(messages.videoNotVideoVisit);
  if (party.visit.status !== 'claimed' && party.visit.status !== 'in_visit') throw conflict(messages.videoNotOpen);
  const { call, begun } = await deps.db.transaction(async (tx) => {
    const begun = await beginClaimedVisit(tx, visitId, caller.userId);
    const call = await openCall(tx, visitId, caller.userId);
    await deps.live.publish(callTopic(visitId), { type: 'call' }, tx);
    return { call, begun };
  });
  if (begun) await announceVisit(deps.live, begun);
  return toCall(call);
}
