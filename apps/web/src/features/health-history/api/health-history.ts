import type { HealthHistory, HealthHistoryAnswer } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ownAnswerOptions } from '../../../lib/query-client';
import { healthHistoryKeys } from './keys';

/** The signed-in patient's own history, or (with a person) that of a child they are the guardian of. */
const historyUrl = (personId?: string) => (personId ? `/api/household/people/${personId}/health-history` : '/api/users/me/health-history');
const historyKey = (personId?: string) => (personId ? healthHistoryKeys.person(personId) : healthHistoryKeys.mine);

/** GET …/health-history → the latest saved history of the signed-in patient or of their child, or nulls. */
export const useHealthHistory = (personId?: string) =>
  useQuery({
    queryKey: historyKey(personId),
    queryFn: ({ signal }) => apiRequest<HealthHistoryAnswer>(historyUrl(personId), { signal }),
    ...ownAnswerOptions,
  });

/** PUT …/health-history {history} → the version just saved, which every view then shows. */
export function useSaveHealthHistory(personId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (history: HealthHistory) => apiRequest<HealthHistoryAnswer>(historyUrl(personId), { method: 'PUT', body: history }),
    onSuccess: (saved) => queryClient.setQueryData(historyKey(personId), saved),
  });
}
