import type { PatientVisit, VisitPhotoType, VisitRequest } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ownAnswerOptions } from '../../../lib/query-client';
import { visitKeys } from './keys';

interface VisitAnswer {
  visit: PatientVisit;
}
/** One message of a visit's thread (visitMessageAnswerSchema). */
export interface ThreadMessage {
  id: string;
  from: 'patient' | 'clinician';
  text: string;
  photo: { id: string; type: VisitPhotoType; size: number } | null;
  sentAt: string;
}

/** GET /api/visits → the patient's visits, newest first. */
export const useMyVisits = () =>
  useQuery({
    queryKey: visitKeys.mine,
    queryFn: ({ signal }) => apiRequest<{ visits: PatientVisit[] }>('/api/visits', { signal }).then((answer) => answer.visits),
    ...ownAnswerOptions,
  });

/** GET /api/visits/:id → one visit: the waiting room's state, or its summary. */
export const useVisit = (visitId: string) =>
  useQuery({
    queryKey: visitKeys.one(visitId),
    queryFn: ({ signal }) => apiRequest<VisitAnswer>(`/api/visits/${visitId}`, { signal, quiet: true }).then((answer) => answer.visit),
    ...ownAnswerOptions,
  });

/** POST /api/visits → the new request. */
export function useRequestVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: VisitRequest) => apiRequest<VisitAnswer>('/api/visits', { method: 'POST', body: request }).then((a) => a.visit),
    onSuccess: (visit) => {
      queryClient.setQueryData(visitKeys.one(visit.id), visit);
      void queryClient.invalidateQueries({ queryKey: visitKeys.mine });
    },
  });
}

/** POST /api/visits/:id/cancel → the cancelled visit. */
export function useCancelVisit(visitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<VisitAnswer>(`/api/visits/${visitId}/cancel`, { method: 'POST', body: {} }).then((a) => a.visit),
    onSuccess: (visit) => queryClient.setQueryData(visitKeys.one(visitId), visit),
  });
}

/** GET /api/visits/:id/messages → the visit's thread, oldest first. */
export const useThread = (visitId: string, enabled: boolean) =>
  useQuery({
    queryKey: visitKeys.thread(visitId),
    queryFn: ({ signal }) =>
      apiRequest<{ messages: ThreadMessage[] }>(`/api/visits/${visitId}/messages`, { signal, quiet: true }).then((a) => a.messages),
    enabled,
    ...ownAnswerOptions,
  });

/** POST /api/visits/:id/messages {text} → the message, added to the thread. */
export function usePostMessage(visitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => apiRequest<ThreadMessage>(`/api/visits/${visitId}/messages`, { method: 'POST', body: { text } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: visitKeys.thread(visitId) }),
  });
}

/** POST /api/visits/:id/photos with the photo as the body → its message, added to the thread. */
export function usePostPhoto(visitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photo: File) => apiRequest<ThreadMessage>(`/api/visits/${visitId}/photos`, { method: 'POST', body: photo }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: visitKeys.thread(visitId) }),
  });
}

/** GET a photo of a thread (the patient's or the clinic's address) → its bytes, read with the session. */
export const useThreadPhoto = (path: string) =>
  useQuery({
    queryKey: visitKeys.photo(path),
    queryFn: ({ signal }) => apiRequest<Blob>(path, { signal, quiet: true, as: 'blob' }),
    // A photo never changes: read once while it is shown.
    staleTime: Infinity,
    ...ownAnswerOptions,
  });
