import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { authFailureOf, type AuthFailure } from './api-failure';

/**
 * A data layer for a signed-in area (the admin dashboard). Any call answered 401 or 403 reports it
 * once, here, so every query and mutation leads to the same redirect. No automatic retries: a failed
 * section says so and offers 'Try again', and a refused call is not repeated.
 */
export function createQueryClient(onAuthFailure: (failure: AuthFailure) => void) {
  const onError = (error: unknown) => {
    const failure = authFailureOf(error);
    if (failure) onAuthFailure(failure);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
