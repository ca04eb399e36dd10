import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';

/** The answers that end the dashboard: the session is over (401) or the account is no admin (403). */
export type AuthFailure = 401 | 403;

export const authFailureOf = (error: unknown): AuthFailure | null =>
  error instanceof ApiError && (error.status === 401 || error.status === 403) ? error.status : null;

/**
 * The dashboard's data layer. Any admin call answered 401 or 403 reports it once, here, so every
 * query and mutation leads to the same redirect. No automatic retries: a failed section says so and
 * offers 'Try again', and a refused call is not repeated.
 */
export function createAdminQueryClient(onAuthFailure: (failure: AuthFailure) => void) {
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

/** What a failed call shows: the server's own message first (docs/product.md, Messages), else the section's default. */
export const failureMessage = (error: unknown, fallback: string) => (error instanceof ApiError && error.serverMessage) || fallback;
