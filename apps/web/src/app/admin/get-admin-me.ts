import type { UserProfile } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** GET /api/admin/me → {user}: the signed-in admin (401/403 otherwise). */
const getAdminMe = (signal?: AbortSignal) => apiRequest<{ user: UserProfile | null }>('/api/admin/me', { signal });

export const useAdminMe = () => useQuery({ queryKey: ['admin', 'me'], queryFn: ({ signal }) => getAdminMe(signal) });
