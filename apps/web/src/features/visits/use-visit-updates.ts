import type { VisitStatus } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeToStream } from '../../lib/live-stream';
import { readBearerToken } from '../../lib/storage';
import { visitKeys } from './api/keys';

/**
 * Keeps an open visit's page current without a reload: follows the visit's event stream, whose every
 * frame is the visit as it is now (the place in the queue, the doctor, the status), and reads the
 * thread again with it. A closed visit no longer changes, so nothing is followed.
 */
export function useVisitUpdates(visitId: string, status: VisitStatus | undefined) {
  const queryClient = useQueryClient();
  const open = status === 'waiting' || status === 'claimed' || status === 'in_visit';
  useEffect(() => {
    const token = readBearerToken();
    if (!open || !token) return;
    const controller = new AbortController();
    void subscribeToStream(
      `/api/visits/${visitId}/events`,
      token,
      (data) => {
        queryClient.setQueryData(visitKeys.one(visitId), data);
        void queryClient.invalidateQueries({ queryKey: visitKeys.thread(visitId) });
      },
      { signal: controller.signal },
    );
    return () => controller.abort();
  }, [open, queryClient, visitId]);
}
