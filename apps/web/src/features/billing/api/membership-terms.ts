import type { CancellationQuote, CancellationRequest, MembershipTerms, MonthlyPlanId } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ownAnswerOptions } from '../../../lib/query-client';
import { billingKeys } from './keys';

const base = '/api/users/me/membership';

/** GET /api/users/me/membership → the member's cancellation and scheduled plan change. */
export const useMembershipTerms = (enabled: boolean) =>
  useQuery({
    queryKey: billingKeys.membershipTerms,
    queryFn: ({ signal }) => apiRequest<MembershipTerms>(base, { signal }),
    enabled,
    ...ownAnswerOptions,
  });

/** GET …/cancellation → what cancelling now would cost and when the membership would end, as the server computes it. */
export const getCancellationQuote = () => apiRequest<CancellationQuote>(`${base}/cancellation`);

export const cancelMembership = (body: CancellationRequest) =>
  apiRequest<MembershipTerms>(`${base}/cancellation`, { method: 'POST', body });

export const keepMembership = () => apiRequest<MembershipTerms>(`${base}/cancellation`, { method: 'DELETE' });

export const schedulePlanChange = (planId: MonthlyPlanId) =>
  apiRequest<MembershipTerms>(`${base}/plan-change`, { method: 'PUT', body: { planId } });

export const cancelPlanChange = () => apiRequest<MembershipTerms>(`${base}/plan-change`, { method: 'DELETE' });
