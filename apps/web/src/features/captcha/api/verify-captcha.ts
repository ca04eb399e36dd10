import { apiRequest } from '../../../lib/api-client';

/** POST /api/recaptcha/verify {token} → {success}. Used by sign-up before registering. */
export const verifyCaptcha = (token: string) =>
  apiRequest<{ success?: boolean }>('/api/recaptcha/verify', { method: 'POST', body: { token } });
