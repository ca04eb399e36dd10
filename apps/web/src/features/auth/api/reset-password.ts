import { apiRequest } from '../../../lib/api-client';

/** PUT /api/auth/reset-password {token, newPassword} → {message}. */
export const resetPassword = (input: { token: string; newPassword: string }) =>
  apiRequest<{ message?: string }>('/api/auth/reset-password', { method: 'PUT', body: input });
