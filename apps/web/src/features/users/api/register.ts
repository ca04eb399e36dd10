import type { RegistrationRequest } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

export interface RegisterResponse {
  message?: string;
  firstName?: string;
  email?: string;
  fullName?: string;
}

/** POST /api/users/register → 201 {message, firstName, email, fullName}; 400 {message, errors}; 502 when the mail failed. */
export const register = (input: RegistrationRequest) =>
  apiRequest<RegisterResponse>('/api/users/register', { method: 'POST', body: input });
