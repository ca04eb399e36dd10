import type { ClinicianVisit, VisitMode, VisitNote, VisitService, VisitStatus } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';
import type { ThreadMessage } from '../../visits';

/** A queued request as the server's queueItemSchema answers it: nothing that names the patient. */
export interface QueueItem {
  id: string;
  service: VisitService;
  state: string;
  age: number | null;
  mode: VisitMode;
  requestedAt: string;
}
/** GET /api/clinic/queue, and each `queue` frame of its event stream. */
export interface QueueAnswer {
  onDuty: boolean;
  requests: QueueItem[];
  states?: string[];
}
/** GET /api/clinic/visits (clinicianDeskSchema). */
export interface Desk {
  open: (QueueItem & { status: VisitStatus; patientName: string })[];
  closed: (QueueItem & { status: VisitStatus; patientName: string; endedAt: string | null })[];
}

interface VisitAnswer {
  visit: ClinicianVisit;
}

const visitPath = (visitId: string, action = '') => `/api/clinic/visits/${encodeURIComponent(visitId)}${action}`;

/** The URL of the queue's event stream: a `queue` frame at once and on every change. */
export const QUEUE_EVENTS_URL = '/api/clinic/queue/events';
/** The URL of a held visit's event stream: a `visit` frame at once and on every change. */
export const visitEventsUrl = (visitId: string) => visitPath(visitId, '/events');

/** GET /api/clinic/queue: the requests the clinician may claim, oldest first. */
export const getQueue = (signal?: AbortSignal) => apiRequest<QueueAnswer>('/api/clinic/queue', { signal, quiet: true });

/** GET /api/clinic/visits: the visits held now and those closed lately. */
export const getDesk = (signal?: AbortSignal) => apiRequest<Desk>('/api/clinic/visits', { signal, quiet: true });

/** GET /api/clinic/visits/{id}: the visit as its clinician works it. */
export const getClinicVisit = (visitId: string, signal?: AbortSignal) =>
  apiRequest<VisitAnswer>(visitPath(visitId), { signal, quiet: true }).then((answer) => answer.visit);

const post = (visitId: string, action: string, body: unknown = {}) =>
  apiRequest<VisitAnswer>(visitPath(visitId, action), { method: 'POST', body }).then((answer) => answer.visit);

/** POST /api/clinic/visits/{id}/claim: exactly one clinician gets the request (409 for the others). */
export const claimVisit = (visitId: string) => post(visitId, '/claim');

/** POST /api/clinic/visits/{id}/start: the claimed visit begins. */
export const startVisit = (visitId: string) => post(visitId, '/start');

/** POST /api/clinic/visits/{id}/release {reason}: back in the queue. */
export const releaseVisit = (visitId: string, reason: string) =>
  apiRequest<null>(visitPath(visitId, '/release'), { method: 'POST', body: { reason } });

/** PUT /api/clinic/visits/{id}/note: the draft saved. */
export const saveNote = (visitId: string, note: VisitNote) =>
  apiRequest<VisitAnswer>(visitPath(visitId, '/note'), { method: 'PUT', body: note }).then((answer) => answer.visit);

/** POST /api/clinic/visits/{id}/sign: the note signed and the visit closed. */
export const signNote = (visitId: string, note: VisitNote) => post(visitId, '/sign', note);

/** POST /api/clinic/visits/{id}/addenda {text}: the signed note amended. */
export const addAddendum = (visitId: string, text: string) => post(visitId, '/addenda', { text });

/** GET /api/clinic/visits/{id}/messages: the thread, oldest first. */
export const getClinicThread = (visitId: string, signal?: AbortSignal) =>
  apiRequest<{ messages: ThreadMessage[] }>(visitPath(visitId, '/messages'), { signal, quiet: true }).then((a) => a.messages);

/** POST /api/clinic/visits/{id}/messages {text}: a message to the patient. */
export const postClinicMessage = (visitId: string, text: string) =>
  apiRequest<ThreadMessage>(visitPath(visitId, '/messages'), { method: 'POST', body: { text } });

/** POST /api/clinic/visits/{id}/photos with the photo as the body: a photo to the patient. */
export const postClinicPhoto = (visitId: string, photo: File) =>
  apiRequest<ThreadMessage>(visitPath(visitId, '/photos'), { method: 'POST', body: photo });
