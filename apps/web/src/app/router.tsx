import { lazy, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { PatientOnly, RequireAdmin, RequireSession } from './guards';
import { RootLayout } from './layouts/RootLayout';
import { RouteError } from './RouteError';

const HomePage = lazy(() => import('../features/home/HomePage'));
const SignupPage = lazy(() => import('../features/users/pages/SignupPage'));
const ProfilePage = lazy(() => import('../features/users/pages/ProfilePage'));
const LoginPage = lazy(() => import('../features/auth/pages/LoginPage'));
const VerifyEmailPage = lazy(() => import('../features/auth/pages/VerifyEmailPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/pages/ResetPasswordPage'));
const AdminLoginPage = lazy(() => import('../features/auth/pages/AdminLoginPage'));
const AdminPage = lazy(() => import('../features/admin/pages/AdminPage'));
const CheckoutPage = lazy(() => import('../features/billing/pages/CheckoutPage'));
const ChoosePlanPage = lazy(() => import('../features/billing/pages/ChoosePlanPage'));
const ContactPage = lazy(() => import('../features/contact/pages/ContactPage'));
const CareersPage = lazy(() => import('../features/careers/pages/CareersPage'));
const ServicePage = lazy(() => import('../features/services/pages/ServicePage'));
const ArticlePage = lazy(() => import('../features/tips/pages/ArticlePage'));
const TermsPage = lazy(() => import('../features/legal/TermsPage'));
const PrivacyPage = lazy(() => import('../features/legal/PrivacyPage'));

/** Each path, and the same path followed by /:token. */
const withToken = (paths: string[], element: ReactNode): RouteObject[] =>
  paths.flatMap((path) => [
    { path, element },
    { path: `${path}/:token`, element },
  ]);

export const pageRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'consult', element: <SignupPage /> },
  { path: 'login', element: <LoginPage /> },
  {
    path: 'profile',
    element: (
      <RequireSession>
        <PatientOnly>
          <ProfilePage />
        </PatientOnly>
      </RequireSession>
    ),
  },
  {
    path: 'payment',
    element: (
      <RequireSession>
        <PatientOnly>
          <CheckoutPage />
        </PatientOnly>
      </RequireSession>
    ),
  },
  { path: 'choose-plan', element: <ChoosePlanPage /> },
  {
    path: 'admin',
    element: (
      <RequireAdmin>
        <AdminPage />
      </RequireAdmin>
    ),
  },
  ...withToken(['verify', 'verify-email'], <VerifyEmailPage />),
  ...withToken(['reset', 'reset-password'], <ResetPasswordPage />),
  ...withToken(
    ['admin-login', 'verify-admin-login', 'auth/verify-admin-login', 'api/auth/verify-admin-login', 'api/verify-admin-login'],
    <AdminLoginPage />,
  ),
  { path: 'contact', element: <ContactPage /> },
  { path: 'careers', element: <CareersPage /> },
  ...(['urgent-care', 'primary-care', 'womens-health', 'pediatric-care'] as const).map((slug) => ({
    path: `services/${slug}`,
    element: <ServicePage slug={slug} />,
  })),
  ...(['caregiver-support', 'first-visit', 'preventive-care'] as const).map((slug) => ({
    path: `tips/${slug}`,
    element: <ArticlePage slug={slug} />,
  })),
  { path: 'terms-of-service', element: <TermsPage /> },
  { path: 'privacy-policy', element: <PrivacyPage /> },
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

