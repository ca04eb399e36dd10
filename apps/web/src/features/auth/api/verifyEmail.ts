import type { UserProfile } from '@app/shared';
import { ApiError, apiRequest } from '../../../lib/api-client';

export interface VerifyEmailResponse {
  message?: string;
  user?: Partial<UserProfile>;
}

/**
 * POST /api/users/verify-email {token}; when the POST answers 404 or 405, the old GET
 * /api/users/verify-email?token=… is tried. If that fails the same way, the POST's error stands.
 */
export async function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  try {
    return await apiRequest<VerifyEmailResponse>('/api/users/verify-email', { method: 'POST', body: { token } });
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 405)) throw error;
    try {
      return await apiRequest<VerifyEmailResponse>(`/api/users/verify-email?token=${encodeURIComponent(token)}`);
    } catch (fallbackError) {
      if (fallbackError instanceof ApiError && (fallbackError.status === 404 || fallbackError.status === 405)) throw error;
      throw fallbackError;
    }
  }
}
