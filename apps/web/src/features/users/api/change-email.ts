import type { ChangeEmailRequest } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/users/email {newEmail, currentPassword} → {message}: a link goes to the new address. */
export const requestEmailChange = (input: ChangeEmailRequest) =>
  apiRequest<{ message: string }>('/api/users/email', { method: 'POST', body: input });

/** POST /api/users/email/confirm {token} → {message}: the new address becomes the account's. */
export const confirmEmailChange = (token: string) =>
  apiRequest<{ message: string }>('/api/users/email/confirm', { method: 'POST', body: { token } });
