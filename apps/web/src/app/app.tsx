import { useEffect } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import { RouteErrorBoundary } from './route-error';
import { routes } from './router';
import { preloadPage } from './split-page';

/**
 * Fetches the code of the page at the current address; start.tsx waits for it before the first
 * render. Code that cannot be fetched is left to the page's error boundary, which offers a reload.
 */
export const preloadCurrentPage = () => preloadPage(routes, window.location.pathname).catch(() => undefined);

function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  // Marks the moment the app has taken over the page (after hydrating a prerendered one): the browser
  // tests wait for it before they interact.
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return (
    <BrowserRouter>
      <RouteErrorBoundary>
        <AppRoutes />
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}
