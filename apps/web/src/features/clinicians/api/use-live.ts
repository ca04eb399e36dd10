import type { ClinicianVisit } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { subscribeToStream } from '../../../lib/live-stream';
import { readBearerToken } from '../../../lib/storage';
import { QUEUE_EVENTS_URL, visitEventsUrl, type QueueAnswer } from './clinic';
import { clinicianKeys } from './keys';

/** Follows an event stream while `enabled`, handing each frame of `event` to `onFrame`; stops when the page leaves. */
function useStream(url: string, event: string, enabled: boolean, onFrame: (data: unknown) => void) {
  useEffect(() => {
    const token = readBearerToken();
    if (!enabled || !token) return;
    const controller = new AbortController();
    void subscribeToStream(
      url,
      token,
      (data, name) => {
        if (name === event) onFrame(data);
      },
      { signal: controller.signal },
    );
    return () => controller.abort();
  }, [url, event, enabled, onFrame]);
}

/** While on duty, each `queue` frame replaces the queue in the cache: requests appear and leave without a reload. */
export function useLiveQueue(onDuty: boolean) {
  const queryClient = useQueryClient();
  const [onFrame] = useState(() => (data: unknown) => queryClient.setQueryData<QueueAnswer>(clinicianKeys.queue, data as QueueAnswer));
  useStream(QUEUE_EVENTS_URL, 'queue', onDuty, onFrame);
}

/** Each `visit` frame replaces the held visit in the cache: a cancellation or a message shows at once. */
export function useLiveVisit(visitId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const [onFrame] = useState(() => (data: unknown) => {
    const visit = data as ClinicianVisit;
    queryClient.setQueryData<ClinicianVisit>(clinicianKeys.visit(visit.id), visit);
    void queryClient.invalidateQueries({ queryKey: clinicianKeys.thread(visit.id) });
  });
  useStream(visitEventsUrl(visitId), 'visit', enabled, onFrame);
}

/** The time now, moved on every `everyMs`: the waiting minutes tick. */
export function useNow(everyMs = 15_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** Whole minutes since `iso`, never below 0. */
export const minutesSince = (iso: string, now: number) => Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
