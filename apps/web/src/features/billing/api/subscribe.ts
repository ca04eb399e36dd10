import type { SubscriptionRequest, UserProfile } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

export interface SubscriptionResponse {
  message?: string;
  statusMessage?: string;
  text?: string;
  user?: UserProfile;
}

/**
 * PUT /api/users/{id}/subscription with the subscription request (docs/product.md, Data). The Idempotency-Key
 * makes a retry of the same submission safe: the server answers it as it answered the first.
 * Answers: 200 {message, statusMessage, user}; 402 {message, code} (declined); 400 {message, errors};
 * 403, 409, 422 {message}; 401 signed out.
 */
export const subscribe = (userId: string, body: SubscriptionRequest, idempotencyKey: string) =>
  apiRequest<SubscriptionResponse>(`/api/users/${encodeURIComponent(userId)}/subscription`, {
    method: 'PUT',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
