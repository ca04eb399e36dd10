/**
 * Prerendering entry (built by scripts/prerender.mjs, never shipped to browsers): renders one public
 * route to HTML with the app's own routes, waiting for lazy pages, and reports what belongs in <head>.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { PRERENDERED_PATHS } from '@app/shared';
import { routes } from './app/router';
import { HeadCollectorContext, type HeadCollector } from './lib/head';

export interface RenderedPage {
  /** The markup of #root; React puts hoisted <title>, <meta> and <link> elements first. */
  html: string;
  /** Structured data scripts for <head>: [id, JSON]. */
  jsonLd: [string, string][];
  status: number;
  /** Set when the route redirects instead of rendering. */
  redirect?: string;
}

/** Left by a boundary that suspended: a pending marker, or an inline script. */
const SUSPENDED = /<!--\$\?-->|<script(?![^>]*application\/ld\+json)/;

/** Which pages scripts/prerender.mjs writes: the shared list the router's public pages come from. */
export const prerenderedPaths: readonly string[] = PRERENDERED_PATHS;

export async function renderPage(pathname: string): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.local')));
  if (context instanceof Response) {
    return { html: '', jsonLd: [], status: context.status, redirect: context.headers.get('Location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const jsonLd = new Map<string, string>();
  const collector: HeadCollector = { addJsonLd: (id, json) => jsonLd.set(id, json) };
  const element = (
    <StrictMode>
      <HeadCollectorContext value={collector}>
        {/* hydrate={false}: no inline hydration script (the CSP forbids inline scripts; there are no loaders). */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </HeadCollectorContext>
    </StrictMode>
  );
  // A boundary that suspended (a lazy page loading), or a large one, comes out as hidden content plus
  // an inline script that reveals it, which the CSP blocks. The first pass loads the lazy modules;
  // the next renders them in place, and progressiveChunkSize keeps large boundaries inline.
  let html = '';
  for (let pass = 0; pass < 3; pass += 1) {
    const { prelude } = await prerender(element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
    html = await new Response(prelude).text();
    if (!SUSPENDED.test(html)) break;
  }
  const left = SUSPENDED.exec(html);
  if (left) throw new Error(`${pathname} still suspends after loading its modules: ${html.slice(Math.max(0, left.index - 200), left.index + 300)}`);
  return { html, jsonLd: [...jsonLd], status: context.statusCode };
}
