import { ADMIN_LINK_PATHS, SERVICE_SLUGS, TIP_SLUGS } from '@app/shared';
import type { ComponentType, ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { PatientOnly, RequireAdmin, RequireSession } from './guards';
import { RootLayout } from './layouts/RootLayout';
import { RouteError } from './RouteError';

/**
 * A page whose code is split from the first script. It is a route-level `lazy`, not React.lazy: the
 * router loads the module before it shows the route (main.tsx waits for that before hydrating), so
 * a prerendered page is never swapped for a loading fallback, and a navigation keeps the current page
 * until the next one is ready.
 */
function page<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
  render: (Page: ComponentType<Props>) => ReactNode,
): RouteObject['lazy'] {
  return async () => {
    const { default: Page } = await load();
    return { element: render(Page) };
  };
}

const plain = (Page: ComponentType) => <Page />;
const patientPage = (Page: ComponentType) => (
  <RequireSession>
    <PatientOnly>
      <Page />
    </PatientOnly>
  </RequireSession>
);

/** Each path, and the same path followed by /:token. */
const withToken = (paths: readonly string[], lazy: RouteObject['lazy']): RouteObject[] =>
  paths.flatMap((path) => [
    { path, lazy },
    { path: `${path}/:token`, lazy },
  ]);

const pageRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('../features/home/HomePage'), plain) },
  { path: 'consult', lazy: page(() => import('../features/users/pages/SignupPage'), plain) },
  { path: 'login', lazy: page(() => import('../features/auth/pages/LoginPage'), plain) },
  { path: 'profile', lazy: page(() => import('../features/users/pages/ProfilePage'), patientPage) },
  { path: 'payment', lazy: page(() => import('../features/billing/pages/CheckoutPage'), patientPage) },
  { path: 'choose-plan', lazy: page(() => import('../features/billing/pages/ChoosePlanPage'), plain) },
  {
    path: 'admin',
    lazy: page(() => import('../features/admin/pages/AdminPage'), (Page) => (
      <RequireAdmin>
        <Page />
      </RequireAdmin>
    )),
  },
  ...withToken(['verify', 'verify-email'], page(() => import('../features/auth/pages/VerifyEmailPage'), plain)),
  ...withToken(['reset', 'reset-password'], page(() => import('../features/auth/pages/ResetPasswordPage'), plain)),
  ...withToken(
    ADMIN_LINK_PATHS,
    page(() => import('../features/auth/pages/AdminLoginPage'), plain),
  ),
  { path: 'contact', lazy: page(() => import('../features/contact/pages/ContactPage'), plain) },
  { path: 'careers', lazy: page(() => import('../features/careers/pages/CareersPage'), plain) },
  ...SERVICE_SLUGS.map((slug) => ({
    path: `services/${slug}`,
    lazy: page(() => import('../features/services/pages/ServicePage'), (ServicePage) => <ServicePage slug={slug} />),
  })),
  ...TIP_SLUGS.map((slug) => ({
    path: `tips/${slug}`,
    lazy: page(() => import('../features/tips/pages/ArticlePage'), (ArticlePage) => <ArticlePage slug={slug} />),
  })),
  { path: 'terms-of-service', lazy: page(() => import('../features/legal/TermsPage'), plain) },
  { path: 'privacy-policy', lazy: page(() => import('../features/legal/PrivacyPage'), plain) },
  { path: 'faq', element: <Navigate to={{ pathname: '/', hash: '#faq' }} replace /> },
  { path: '*', element: <Navigate to="/" replace /> },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    // The inner boundary keeps the navbar and footer around a failing page.
    children: [{ errorElement: <RouteError />, children: pageRoutes }],
  },
];
