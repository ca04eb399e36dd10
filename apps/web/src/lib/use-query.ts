import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { isAbortError } from './api-client';

export type QueryState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

/**
 * Loads data for a component: aborts on unmount or when the key changes, and offers `reload`.
 * A null key loads nothing (stays 'loading').
 */
export function useQuery<T>(key: string | null, fetcher: (signal: AbortSignal) => Promise<T>) {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ id: string; state: QueryState<T> } | null>(null);
  const id = `${key ?? ''}#${attempt}`;
  const load = useEffectEvent((signal: AbortSignal) => fetcher(signal));

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setResult({ id, state: { status: 'success', data } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted && !isAbortError(error)) setResult({ id, state: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [key, id]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const state: QueryState<T> = result && result.id === id ? result.state : { status: 'loading' };
  return { ...state, reload };
}
