import type { AdminPayment, RefundRequest } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The query key of a user's payments in the admin console. */
const userPaymentsKey = (userId: string) => ['billing', 'admin-payments', userId] as const;

/** GET /api/admin/users/{id}/payments: the user's ledger, newest first, with what is left to refund of each. */
export const useUserPayments = (userId: string) =>
  useQuery({
    queryKey: userPaymentsKey(userId),
    queryFn: ({ signal }) => apiRequest<AdminPayment[]>(`/api/admin/users/${userId}/payments`, { signal }),
  });

/** POST /api/admin/users/{id}/payments/{paymentId}/refunds: 200 {message, payment}; 400, 409, 422 {message, …}. */
export function useRefundPayment(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, refund }: { paymentId: string; refund: { amount: string; reason: string } }) =>
      apiRequest<{ message: string; payment: AdminPayment }>(`/api/admin/users/${userId}/payments/${paymentId}/refunds`, {
        method: 'POST',
        body: refund satisfies Record<keyof RefundRequest, string>,
      }),
    // Settled or refused, the list shows what the ledger holds now (another admin's refund included).
    onSettled: () => void queryClient.invalidateQueries({ queryKey: userPaymentsKey(userId) }),
  });
}
