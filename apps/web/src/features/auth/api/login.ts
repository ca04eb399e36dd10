import type { LoginRequest, LoginResponse } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/login → 200 {status:'ok'|'magic_link_sent', ...}; 403 {status:'unverified', ...}. */
export const login = (input: LoginRequest) =>
  apiRequest<LoginResponse>('/api/auth/login', { method: 'POST', body: input, context: 'login' });
