import type { PlanId } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

export interface ChoosePlanResponse {
  message?: string;
  subscriptionPlan?: PlanId | null;
  requiresSignIn?: boolean;
}

/** POST /api/auth/choose-plan {plan, email} → {message, subscriptionPlan, requiresSignIn?}. */
export const choosePlan = (input: { plan: PlanId; email: string }) =>
  apiRequest<ChoosePlanResponse>('/api/auth/choose-plan', { method: 'POST', body: input });
