import { messages, type OwnSession } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ownAnswerOptions } from '../../../lib/query-client';
import { authKeys } from './keys';

/** GET /api/users/me/sessions → where the member is signed in, the session asking first. */
async function getSessions(signal?: AbortSignal): Promise<OwnSession[]> {
  const rows = await apiRequest<unknown>('/api/users/me/sessions', { signal });
  if (!Array.isArray(rows)) throw new Error(messages.genericError);
  return rows as OwnSession[];
}

export const useSessions = () =>
  useQuery({ queryKey: authKeys.sessions, queryFn: ({ signal }) => getSessions(signal), ...ownAnswerOptions });

/** DELETE /api/users/me/sessions/{id}: signs out there. */
export const endSession = (id: string) => apiRequest<null>(`/api/users/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** POST /api/users/me/sessions/sign-out-others → {message}. */
export const endOtherSessions = () => apiRequest<{ message?: string }>('/api/users/me/sessions/sign-out-others', { method: 'POST' });
