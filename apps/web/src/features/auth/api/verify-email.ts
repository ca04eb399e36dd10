import type { VerifyEmailTokenStatus } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** The message alone: the answer names no account or address. */
interface VerifyEmailResponse {
  message?: string;
}

/**
 * GET /api/users/verify-email?token=… → {usable}: whether the link can still be confirmed. It never
 * spends the token, so a mail scanner opening the link verifies nothing.
 */
export const checkVerifyEmailToken = (token: string) =>
  apiRequest<VerifyEmailTokenStatus>(`/api/users/verify-email?token=${encodeURIComponent(token)}`);

/**
 * POST /api/users/verify-email {token} → {message}: the person's own confirmation, which spends
 * the token. (The old site fell back to the GET, which used to verify too; it no longer does.)
 */
export const verifyEmail = (token: string) =>
  apiRequest<VerifyEmailResponse>('/api/users/verify-email', { method: 'POST', body: { token } });
