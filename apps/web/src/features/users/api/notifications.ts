import type { NotificationPreferences } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ownAnswerOptions } from '../../../lib/query-client';

const NOTIFICATIONS_URL = '/api/users/me/notifications';
const notificationKeys = { mine: ['users', 'notifications'] as const };

/** GET /api/users/me/notifications → { email: 'always', sms }. */
export const useNotificationPreferences = () =>
  useQuery({
    queryKey: notificationKeys.mine,
    queryFn: ({ signal }) => apiRequest<NotificationPreferences>(NOTIFICATIONS_URL, { signal }),
    ...ownAnswerOptions,
  });

/** PUT /api/users/me/notifications { sms } → the preferences as saved, which the card then shows. */
export function useSaveSmsPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sms: boolean) => apiRequest<NotificationPreferences>(NOTIFICATIONS_URL, { method: 'PUT', body: { sms } }),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.mine, saved),
  });
}
