import { messages } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ownAnswerOptions } from '../../../lib/query-client';
import { billingKeys } from './keys';

/** One row of the payment history. Dates are ISO 8601 in US Central time. */
export interface PaymentRecord {
  id: string;
  date: string;
  planId: string;
  planName: string;
  kind: 'checkout' | 'renewal' | 'visit' | 'refund';
  amount: number;
  currency: string;
  cardBrand: string | null;
  cardLast4: string | null;
  status: 'succeeded' | 'failed' | 'pending' | 'voided';
  failureCode: string | null;
}

/** GET /api/users/me/payments → the signed-in patient's payments, newest first. */
async function getPayments(signal?: AbortSignal): Promise<PaymentRecord[]> {
  const rows = await apiRequest<unknown>('/api/users/me/payments', { signal });
  if (!Array.isArray(rows)) throw new Error(messages.paymentHistoryFailed);
  return rows as PaymentRecord[];
}

export const usePayments = () =>
  useQuery({ queryKey: billingKeys.payments, queryFn: ({ signal }) => getPayments(signal), ...ownAnswerOptions });
