import { apiRequest } from '../../../lib/api-client';

/** POST /api/users/resend-verification {email} → 200 {message}, the same answer whether or not the e-mail waits for verification. */
export const resendVerification = (email: string) =>
  apiRequest<{ message?: string }>('/api/users/resend-verification', { method: 'POST', body: { email } });
