import type { UserProfile } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

/** GET /api/admin/me → {user}: the signed-in admin (401/403 otherwise). */
export const getAdminMe = (signal?: AbortSignal) => apiRequest<{ user: UserProfile | null }>('/api/admin/me', { signal });

export const useAdminMe = () => useQuery('admin-me', getAdminMe);
