import type { UnusedVisitsAnswer } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ownAnswerOptions } from '../../../lib/query-client';
import { billingKeys } from './keys';

/** GET /api/users/me/unused-visits → the services of the visits paid for and not used yet: a request of one asks for no card. */
export const useUnusedVisits = () =>
  useQuery({
    queryKey: billingKeys.unusedVisits,
    queryFn: ({ signal }) => apiRequest<UnusedVisitsAnswer>('/api/users/me/unused-visits', { signal, quiet: true }),
    ...ownAnswerOptions,
  });
