import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/forgot-password {email} → {message}; the answer is the same whether or not the e-mail exists. */
export const forgotPassword = (email: string) =>
  apiRequest<{ message?: string }>('/api/auth/forgot-password', { method: 'POST', body: { email } });
