import type { VisitStatus } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { visitKeys } from './api/keys';

/** How often an open visit is read again while no live channel tells the page of changes. */
const REFRESH_MS = 3_000;

/** Keeps an open visit's page current: re-reads the visit and its thread while the visit can still change. */
export function useVisitUpdates(visitId: string, status: VisitStatus | undefined) {
  const queryClient = useQueryClient();
  const open = status === 'waiting' || status === 'claimed' || status === 'in_visit';
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: visitKeys.one(visitId) });
      void queryClient.invalidateQueries({ queryKey: visitKeys.thread(visitId) });
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [open, queryClient, visitId]);
}
