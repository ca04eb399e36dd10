import { messages, type VideoCall } from '@app/shared';
import { conflict } from '../../lib/errors';
import { endOpenCall, findLatestCall } from './repository';
import { callTopic, partyOf, toCall, type Caller, type VideoDeps } from './party.service';

/**
 * Either party ends the call for both: the visit keeps when it ended and who ended it. Ending a call
 * that has just ended (both pressed at once) answers it as it ended.
 */
export async function endCall(deps: VideoDeps, caller: Caller, visitId: string): Promise<VideoCall> {
  const party = await partyOf(deps.db, caller, visitId);
  const ended = await deps.db.transaction(async (tx) => {
    const row = await endOpenCall(tx, visitId, party.userId, party.side);
    if (row) await deps.live.publish(callTopic(visitId), { type: 'call' }, tx);
    return row;
  });
  const call = ended ?? (await findLatestCall(deps.db, visitId));
  if (!call) throw conflict(messages.videoNoCall);
  return toCall(call);
}
