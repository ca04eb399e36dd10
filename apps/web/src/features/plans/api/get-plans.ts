import { messages, type Plan } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { plansKeys } from './keys';

/** GET /api/plans → Plan[] (the server's catalogue: the one source of prices). */
async function getPlans(signal?: AbortSignal): Promise<Plan[]> {
  const plans = await apiRequest<unknown>('/api/plans', { signal });
  if (!Array.isArray(plans)) throw new Error(messages.genericError);
  return plans as Plan[];
}

export const usePlans = () => useQuery({ queryKey: plansKeys.list, queryFn: ({ signal }) => getPlans(signal) });
