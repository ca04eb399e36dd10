import type { CardUpdateAnswer, VisitPayment } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from '../../auth';
import { billingKeys } from './keys';

/**
 * PUT /api/users/me/card: the card renewals use from now on; a past-due renewal is tried on it at
 * once. The Idempotency-Key makes a retry of the same submission safe: it is charged once. Answers:
 * 200 {message, subscriptionStatus, card}; 402 {message, code} (declined); 400, 409 {message, …}.
 */
export function useUpdateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payment, key }: { payment: VisitPayment; key: string }) =>
      apiRequest<CardUpdateAnswer>('/api/users/me/card', { method: 'PUT', body: payment, headers: { 'Idempotency-Key': key } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: billingKeys.payments });
      void queryClient.invalidateQueries({ queryKey: authKeys.profile });
    },
  });
}
