import type { VideoSignal, VideoState } from '@app/shared';
import { findLatestCall, insertSignal, lastSignalId, signalsAfter } from './repository';
import { callTopic, openCallOf, otherSide, partyOf, signalTopic, toCall, type Caller, type VideoDeps } from './party.service';

/** Passes a signal to the other party of the open call, whichever instance holds their stream. */
export async function sendSignal(deps: VideoDeps, caller: Caller, visitId: string, signal: VideoSignal): Promise<void> {
  const party = await partyOf(deps.db, caller, visitId);
  const call = await openCallOf(deps.db, party);
  const to = otherSide(party.side);
  await insertSignal(deps.db, call.id, to, signal);
  await deps.live.publish(signalTopic(visitId, to), { type: 'signal' });
}

/**
 * What a party's stream of the call follows: the call's topic and their signals' topic, and a read
 * that answers the call and the signals sent to them since the stream opened, each once. Earlier
 * signals are not sent: a page that (re)joins says hello, and the two negotiate afresh.
 */
export async function followCall(deps: VideoDeps, caller: Caller, visitId: string) {
  const party = await partyOf(deps.db, caller, visitId);
  let cursor = await lastSignalId(deps.db);
  const read = async (): Promise<VideoState> => {
    // Checked on every read: a clinician who handed the visit back stops receiving (the stream ends with the error).
    const { side } = await partyOf(deps.db, caller, visitId);
    const call = await findLatestCall(deps.db, visitId);
    const signals = call && !call.endedAt ? await signalsAfter(deps.db, call.id, side, cursor) : [];
    cursor = signals.at(-1)?.id ?? cursor;
    return { side, call: call ? toCall(call) : null, signals: signals.map((row) => ({ id: String(row.id), signal: row.signal })) };
  };
  return { party, topics: [callTopic(visitId), signalTopic(visitId, party.side)], read };
}
