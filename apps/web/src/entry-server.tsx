/**
 * Prerendering entry (built by scripts/prerender.mjs, never shipped to browsers): renders one public
 * route to HTML with the app's own routes, waiting for lazy pages, and reports what belongs in <head>.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter, useRoutes } from 'react-router';
import { PRERENDERED_PATHS } from '@app/shared';
import { routes } from './app/router';
import { pagePreloadsAt } from './app/split-page';
import { HeadCollectorContext, type HeadCollector } from './lib/head';
import { createQueryClient } from './lib/query-client';

export interface RenderedPage {
  /** The markup of #root; React puts hoisted <title>, <meta> and <link> elements first. */
  html: string;
  /** Structured data scripts for <head>: [id, JSON]. */
  jsonLd: [string, string][];
}

/** Left by a boundary that suspended: a pending marker, or an inline script. */
const SUSPENDED = /<!--\$\?-->|<script(?![^>]*application\/ld\+json)/;

/** Which pages scripts/prerender.mjs writes: the shared list the router's public pages come from. */
export const prerenderedPaths: readonly string[] = PRERENDERED_PATHS;

function AppRoutes() {
  return useRoutes(routes);
}

export async function renderPage(pathname: string): Promise<RenderedPage> {
  // Only a page is prerendered: a redirect or an unknown path would come out empty.
  const preloads = pagePreloadsAt(routes, pathname);
  if (preloads.length === 0) throw new Error(`${pathname} is not a page of the router`);
  await Promise.all(preloads.map((preload) => preload()));
  const jsonLd = new Map<string, string>();
  const collector: HeadCollector = { addJsonLd: (id, json) => jsonLd.set(id, json) };
  const element = (
    <StrictMode>
      <HeadCollectorContext value={collector}>
        {/* A client per page, as the browser has one per visit; queries do not run here, so data shows its loading state. */}
        <QueryClientProvider client={createQueryClient()}>
          <StaticRouter location={pathname}>
            <AppRoutes />
          </StaticRouter>
        </QueryClientProvider>
      </HeadCollectorContext>
    </StrictMode>
  );
  // A boundary that suspended (a lazy part still loading), or a large one, comes out as hidden content
  // plus an inline script that reveals it, which the CSP blocks. The page's code is loaded above, and
  // progressiveChunkSize keeps large boundaries inline.
  const { prelude } = await prerender(element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const html = await new Response(prelude).text();
  const left = SUSPENDED.exec(html);
  if (left)
    throw new Error(`${pathname} still suspends after loading its modules: ${html.slice(Math.max(0, left.index - 200), left.index + 300)}`);
  return { html, jsonLd: [...jsonLd] };
}
