import { useEffect } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from './router';

// Created here, not in router.tsx, so that prerendering (src/entry-server.tsx) can import the routes
// without a browser history.
const router = createBrowserRouter(routes);

/** Resolves once the router has loaded the code of the page at the current address. */
export function whenRouterReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

export function App() {
  // Marks the moment the app has taken over the page (after hydrating a prerendered one): the browser
  // tests wait for it before they interact.
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return <RouterProvider router={router} />;
}
