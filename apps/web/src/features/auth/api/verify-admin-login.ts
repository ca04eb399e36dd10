import type { UserProfile } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

export interface AdminLoginResponse {
  token: string;
  user: UserProfile;
  message?: string;
}

/** POST /api/auth/verify-admin-login {token} → {token, user, message}. */
export const verifyAdminLogin = (token: string) =>
  apiRequest<AdminLoginResponse>('/api/auth/verify-admin-login', { method: 'POST', body: { token } });
