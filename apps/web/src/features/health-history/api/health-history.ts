import type { HealthHistory, HealthHistoryAnswer } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ownAnswerOptions } from '../../../lib/query-client';
import { healthHistoryKeys } from './keys';

const HISTORY_URL = '/api/users/me/health-history';

/** GET /api/users/me/health-history → the signed-in patient's latest saved history, or nulls. */
export const useHealthHistory = () =>
  useQuery({
    queryKey: healthHistoryKeys.mine,
    queryFn: ({ signal }) => apiRequest<HealthHistoryAnswer>(HISTORY_URL, { signal }),
    ...ownAnswerOptions,
  });

/** PUT /api/users/me/health-history {history} → the version just saved, which every view then shows. */
export function useSaveHealthHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (history: HealthHistory) => apiRequest<HealthHistoryAnswer>(HISTORY_URL, { method: 'PUT', body: history }),
    onSuccess: (saved) => queryClient.setQueryData(healthHistoryKeys.mine, saved),
  });
}
