import type { VisitRow } from './repository';

/** Where visit changes are announced: the live bus, whose subscribers re-read what changed. */
export interface VisitEvents {
  publish(topic: string, event: { type: string; id?: string }): Promise<void>;
}

/** A visit's own topic: its patient's waiting room and its clinician's workspace. */
export const visitTopic = (visitId: string) => `visit:${visitId}`;
/** The queue of a state: the clinicians licensed there, and the patients waiting there (their place moves). */
export const queueTopic = (state: string) => `queue:${state}`;

/** Tells every page showing the visit, and the queue of its state, that it changed. */
export async function announceVisit(events: VisitEvents, visit: Pick<VisitRow, 'id' | 'state'>) {
  await Promise.all([
    events.publish(visitTopic(visit.id), { type: 'visit', id: visit.id }),
    events.publish(queueTopic(visit.state), { type: 'queue' }),
  ]);
}
