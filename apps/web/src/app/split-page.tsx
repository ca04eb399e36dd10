import { use, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

/** Fetches a split page's code. */
type Preload = () => Promise<unknown>;

/** A page whose code is split from the first script, and the function that fetches that code. */
export interface SplitPage<Props extends object> {
  Page: (props: Props) => ReactNode;
  preload: Preload;
}

/**
 * A page whose code is split from the first script. Unlike React.lazy, its code can be fetched before
 * it first renders (`preloadPage`, which start.tsx waits for before hydrating), so a prerendered page
 * is never swapped for a loading fallback. Until then it suspends; navigations are transitions
 * (BrowserRouter), so the current page stays on screen until the next one is ready.
 */
export function splitPage<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>): SplitPage<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => (loading ??= load().then((module) => (loaded = module.default)));
  function Page(props: Props) {
    const Loaded = loaded ?? use(preload());
    return <Loaded {...props} />;
  }
  return { Page, preload };
}

/** What a route that shows a split page carries in its `handle`. */
export interface PageHandle {
  preload: Preload;
}

/** How to fetch the code of the split pages the routes show at `pathname`; none for a redirect or an unknown path. */
export function pagePreloadsAt(routes: RouteObject[], pathname: string): Preload[] {
  return (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => {
    const handle = route.handle as PageHandle | undefined;
    return handle ? [handle.preload] : [];
  });
}

/** Fetches the code of the page the routes show at `pathname`. */
export async function preloadPage(routes: RouteObject[], pathname: string): Promise<void> {
  await Promise.all(pagePreloadsAt(routes, pathname).map((preload) => preload()));
}
