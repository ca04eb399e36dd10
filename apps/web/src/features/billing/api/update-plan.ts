import type { PlanId } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

export interface PlanUpdateResponse {
  message?: string;
  subscriptionPlan?: PlanId | null;
  subscriptionAmount?: number | null;
}

/** PUT /api/users/{id}/planUpdate {subscriptionPlan} → {message, subscriptionPlan, subscriptionAmount}. */
export const updatePlan = (userId: string, subscriptionPlan: PlanId) =>
  apiRequest<PlanUpdateResponse>(`/api/users/${encodeURIComponent(userId)}/planUpdate`, { method: 'PUT', body: { subscriptionPlan } });
