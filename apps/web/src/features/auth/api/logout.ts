import { apiRequest } from '../../../lib/api-client';
import { clearSessionLocally } from '../session';

/** POST /api/auth/logout (failures ignored), then forget the session on this device. */
export async function logout(): Promise<void> {
  try {
    await apiRequest<unknown>('/api/auth/logout', { method: 'POST', timeoutMs: 5_000 });
  } catch {
    // Signing out locally must never depend on the server answering.
  }
  clearSessionLocally();
}
