import type { UserProfile } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { ownAnswerOptions } from '../../../lib/query-client';
import { authKeys } from './keys';

/** Some answers wrap the profile as {user: …}; either way the profile comes back. */
function unwrap(body: unknown): UserProfile {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const user = record.user;
  return (user && typeof user === 'object' ? user : record) as UserProfile;
}

/** The signed-in account from the first of these URLs that does not answer 404. */
async function firstProfile(urls: readonly [string, string], signal?: AbortSignal): Promise<UserProfile> {
  try {
    return unwrap(await apiRequest<unknown>(urls[0], { signal }));
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    return unwrap(await apiRequest<unknown>(urls[1], { signal }));
  }
}

/** GET /api/users/me → UserProfile, falling back to GET /api/auth/me when the first answers 404 (profile, checkout). */
export const getMe = (signal?: AbortSignal) => firstProfile(['/api/users/me', '/api/auth/me'], signal);

/** GET /api/auth/me, falling back to GET /api/me on 404: who is signed in, for the choose-plan page. */
const getAuthMe = (signal?: AbortSignal): Promise<Partial<UserProfile>> => firstProfile(['/api/auth/me', '/api/me'], signal);

export const useMe = () => useQuery({ queryKey: authKeys.profile, queryFn: ({ signal }) => getMe(signal), ...ownAnswerOptions });

/** Who is signed in, asked only when `enabled`. */
export const useAuthMe = (enabled: boolean) =>
  useQuery({ queryKey: authKeys.account, queryFn: ({ signal }) => getAuthMe(signal), enabled, ...ownAnswerOptions });
