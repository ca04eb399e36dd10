import type { IceConfig, VideoCall, VideoSignal } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

const videoPath = (visitId: string, action: string) => `/api/visits/${encodeURIComponent(visitId)}/video/${action}`;

/** The call's event stream: the call and the signals the other party sends, a `video` frame at once and on every change. */
export const callEventsUrl = (visitId: string) => videoPath(visitId, 'events');

export const startCall = async (visitId: string) =>
  (await apiRequest<{ call: VideoCall }>(videoPath(visitId, 'start'), { method: 'POST', body: {} })).call;

export const endCall = async (visitId: string) =>
  (await apiRequest<{ call: VideoCall }>(videoPath(visitId, 'end'), { method: 'POST', body: {} })).call;

export const switchToPhone = (visitId: string) => apiRequest<null>(videoPath(visitId, 'switch-to-phone'), { method: 'POST', body: {} });

/** Read again for each connection: the TURN credentials in it expire. */
export const getIceConfig = (visitId: string) => apiRequest<IceConfig>(videoPath(visitId, 'ice-servers'), { quiet: true });

export const sendSignal = (visitId: string, signal: VideoSignal) =>
  apiRequest<null>(videoPath(visitId, 'signals'), { method: 'POST', body: signal, quiet: true });
