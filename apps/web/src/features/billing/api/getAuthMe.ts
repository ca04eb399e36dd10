import type { UserProfile } from '@app/shared';
import { ApiError, apiRequest } from '../../../lib/api-client';

const unwrap = (body: unknown): Partial<UserProfile> => {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const user = record.user;
  return (user && typeof user === 'object' ? user : record) as Partial<UserProfile>;
};

/** GET /api/auth/me, falling back to GET /api/me on 404: who is signed in, for the choose-plan page. */
export async function getAuthMe(signal?: AbortSignal): Promise<Partial<UserProfile>> {
  try {
    return unwrap(await apiRequest<unknown>('/api/auth/me', { signal }));
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    return unwrap(await apiRequest<unknown>('/api/me', { signal }));
  }
}
