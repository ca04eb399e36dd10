import { apiRequest } from '../../../lib/api-client';

/** POST /api/account/delete {currentPassword} → {message}: the account is deleted, every session ended. */
export const deleteAccount = (currentPassword: string) =>
  apiRequest<{ message: string }>('/api/account/delete', { method: 'POST', body: { currentPassword } });
