import type { UserProfile } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const adminMeKey = ['admin', 'me'] as const;

/** GET /api/admin/me → {user}: the signed-in admin (401/403 otherwise). */
const getAdminMe = (signal?: AbortSignal) => apiRequest<{ user: UserProfile | null }>('/api/admin/me', { signal });

export const useAdminMe = () => useQuery({ queryKey: adminMeKey, queryFn: ({ signal }) => getAdminMe(signal) });
