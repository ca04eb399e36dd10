import type { OwnDetailsUpdate, UserProfile } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/users/me → the profile as saved. */
export const updateDetails = (input: OwnDetailsUpdate) => apiRequest<UserProfile>('/api/users/me', { method: 'PUT', body: input });
