import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { createQueryClient } from './query-client';

/** The app's one query client, made when the first part that fetches data is shown. */
let appClient: QueryClient | undefined;

/**
 * The data layer, around the pages and parts that fetch. It comes in a chunk of its own, so the
 * content pages start without it; a provider further up (a test's, the prerenderer's) is used as it is.
 */
export default function DataLayer({ children }: { children: ReactNode }) {
  const provided = useContext(QueryClientContext);
  if (provided) return children;
  appClient ??= createQueryClient();
  return <QueryClientProvider client={appClient}>{children}</QueryClientProvider>;
}
