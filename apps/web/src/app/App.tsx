import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from './router';

// Created here, not in router.tsx, so that prerendering (src/entry-server.tsx) can import the routes
// without a browser history.
const router = createBrowserRouter(routes);

export function App() {
  return <RouterProvider router={router} />;
}
