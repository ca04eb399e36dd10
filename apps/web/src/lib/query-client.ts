import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one data layer. No automatic retries: a failed section says so and offers 'Try again',
 * and a refused call is not repeated. Calls go out even when the browser reports no network, so an
 * offline visitor reads the API client's network message instead of a spinner that waits for a
 * connection.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/**
 * For a signed-in account's own answers (its profile, its payments): they change with what it does on other pages
 * (checkout, a plan choice) and belong to one session, so each visit of a page loads them afresh and none is kept
 * once no page shows it.
 */
export const ownAnswerOptions = { gcTime: 0 } as const;
