import { apiRequest } from '../../../lib/api-client';

/** PUT /api/users/password {currentPassword, newPassword} → {message}. */
export const updatePassword = (input: { currentPassword: string; newPassword: string }) =>
  apiRequest<{ message?: string }>('/api/users/password', { method: 'PUT', body: input });
