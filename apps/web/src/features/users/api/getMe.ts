import type { UserProfile } from '@app/shared';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

/** Some answers wrap the profile as {user: …}; either way the profile comes back. */
function unwrap(body: unknown): UserProfile {
  if (body && typeof body === 'object' && 'user' in body && (body as { user: unknown }).user && typeof (body as { user: unknown }).user === 'object') {
    return (body as { user: UserProfile }).user;
  }
  return body as UserProfile;
}

/** GET /api/users/me → UserProfile, falling back to GET /api/auth/me when the first answers 404. */
export async function getMe(signal?: AbortSignal): Promise<UserProfile> {
  try {
    return unwrap(await apiRequest<unknown>('/api/users/me', { signal }));
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    return unwrap(await apiRequest<unknown>('/api/auth/me', { signal }));
  }
}

export const useMe = (key: string | null) => useQuery(key, getMe);
