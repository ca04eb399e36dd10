import type { PatientVisit, VisitRequest } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { billingKeys } from './keys';

/**
 * POST /api/visits with the card that pays for this visit. The Idempotency-Key makes a retry of the
 * same submission safe: the card is charged once. Answers: 201 {visit}; 402 {message, code} (declined);
 * 400 {message, errors}; 403, 409 {message, …}; 401 signed out.
 */
export function useRequestPaidVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, purchaseKey }: { request: VisitRequest; purchaseKey: string }) =>
      apiRequest<{ visit: PatientVisit }>('/api/visits', {
        method: 'POST',
        body: request,
        headers: { 'Idempotency-Key': purchaseKey },
      }).then((answer) => answer.visit),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: billingKeys.payments }),
  });
}
