import { ADMIN_LINK_PATHS, SERVICE_SLUGS, TIP_SLUGS } from '@app/shared';
import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { PatientOnly, RequireAdmin, RequireClinician, RequireSession } from './guards';
import { RootLayout } from './layouts/root-layout';
import { splitPage, type PageHandle } from './split-page';

const patientOnly = (page: ReactNode) => (
  <RequireSession>
    <PatientOnly>{page}</PatientOnly>
  </RequireSession>
);

/** A route showing a split page; the page in its handle lets start.tsx fetch the code before hydrating. */
function route(path: string, page: PageHandle, element: ReactNode): RouteObject {
  return { path, element, handle: { preload: page.preload } satisfies PageHandle };
}

const DataLayer = splitPage(() => import('../lib/data-layer'));

/** A route showing a split page that fetches data: the data layer's code is fetched with the page's. */
function dataRoute(path: string, page: PageHandle, element: ReactNode): RouteObject {
  const preload = () => Promise.all([page.preload(), DataLayer.preload()]);
  return { path, element: <DataLayer.Page>{element}</DataLayer.Page>, handle: { preload } satisfies PageHandle };
}

/** Each path, and the same path followed by /:token. */
const withToken = (paths: readonly string[], page: PageHandle, element: ReactNode): RouteObject[] =>
  paths.flatMap((path) => [route(path, page, element), route(`${path}/:token`, page, element)]);

const Home = splitPage(() => import('../features/home/home-page'));
const Signup = splitPage(() => import('../features/users/pages/signup-page'));
const Login = splitPage(() => import('../features/auth/pages/login-page'));
const Profile = splitPage(() => import('../features/users/pages/profile-page'));
const HealthHistory = splitPage(() => import('../features/health-history/pages/health-history-page'));
const RequestVisit = splitPage(() => import('../features/visits/pages/request-visit-page'));
const Visit = splitPage(() => import('../features/visits/pages/visit-page'));
const Visits = splitPage(() => import('../features/visits/pages/visits-page'));
const Checkout = splitPage(() => import('../features/billing/pages/checkout-page'));
const ChoosePlan = splitPage(() => import('../features/billing/pages/choose-plan-page'));
// The console's shell (app/admin) and the capabilities it composes (user-admin, analytics, expenses, clinicians, enquiries, the audit log, staff):
// a chunk of their own.
const Admin = splitPage(() => import('./admin/admin-page'));
const AdminWelcome = splitPage(() => import('../features/staff/pages/admin-welcome-page'));
const Clinic = splitPage(() => import('../features/clinicians/pages/clinic-page'));
const ClinicVisit = splitPage(() => import('../features/clinicians/pages/clinic-visit-page'));
const ClinicWelcome = splitPage(() => import('../features/clinicians/pages/clinic-welcome-page'));
const JoinHousehold = splitPage(() => import('../features/household/pages/join-household-page'));
const ConfirmEmailChange = splitPage(() => import('../features/users/pages/confirm-email-change-page'));
const DataExport = splitPage(() => import('../features/data-export/pages/data-export-page'));
const VerifyEmail = splitPage(() => import('../features/auth/pages/verify-email-page'));
const ResetPassword = splitPage(() => import('../features/auth/pages/reset-password-page'));
const AdminLogin = splitPage(() => import('../features/auth/pages/admin-login-page'));
const Contact = splitPage(() => import('../features/contact/pages/contact-page'));
const Careers = splitPage(() => import('../features/careers/pages/careers-page'));
const Service = splitPage(() => import('../features/services/pages/service-page'));
const Article = splitPage(() => import('../features/tips/pages/article-page'));
const Terms = splitPage(() => import('../features/legal/terms-page'));
const Privacy = splitPage(() => import('../features/legal/privacy-page'));

const pageRoutes: RouteObject[] = [
  { index: true, element: <Home.Page />, handle: { preload: Home.preload } satisfies PageHandle },
  dataRoute('consult', Signup, <Signup.Page />),
  dataRoute('login', Login, <Login.Page />),
  dataRoute('profile', Profile, patientOnly(<Profile.Page />)),
  dataRoute('health-history', HealthHistory, patientOnly(<HealthHistory.Page />)),
  dataRoute('visits', Visits, patientOnly(<Visits.Page />)),
  dataRoute('visits/new', RequestVisit, patientOnly(<RequestVisit.Page />)),
  dataRoute('visits/:visitId', Visit, patientOnly(<Visit.Page />)),
  dataRoute('payment', Checkout, patientOnly(<Checkout.Page />)),
  dataRoute('choose-plan', ChoosePlan, <ChoosePlan.Page />),
  dataRoute('data-export', DataExport, patientOnly(<DataExport.Page />)),
  route('confirm-email-change/:token', ConfirmEmailChange, <ConfirmEmailChange.Page />),
  // The console's sections are routes of its own chunk (app/admin/admin-page.tsx).
  dataRoute(
    'admin/*',
    Admin,
    <RequireAdmin>
      <Admin.Page />
    </RequireAdmin>,
  ),
  route('admin/welcome', AdminWelcome, <AdminWelcome.Page />),
  dataRoute(
    'clinic',
    Clinic,
    <RequireClinician>
      <Clinic.Page />
    </RequireClinician>,
  ),
  dataRoute(
    'clinic/visits/:visitId',
    ClinicVisit,
    <RequireClinician>
      <ClinicVisit.Page />
    </RequireClinician>,
  ),
  route('clinic/welcome', ClinicWelcome, <ClinicWelcome.Page />),
  dataRoute('household/join', JoinHousehold, <JoinHousehold.Page />),
  ...withToken(['verify', 'verify-email'], VerifyEmail, <VerifyEmail.Page />),
  ...withToken(['reset', 'reset-password'], ResetPassword, <ResetPassword.Page />),
  ...withToken(ADMIN_LINK_PATHS, AdminLogin, <AdminLogin.Page />),
  route('contact', Contact, <Contact.Page />),
  route('careers', Careers, <Careers.Page />),
  ...SERVICE_SLUGS.map((slug) => route(`services/${slug}`, Service, <Service.Page slug={slug} />)),
  ...TIP_SLUGS.map((slug) => route(`tips/${slug}`, Article, <Article.Page slug={slug} />)),
  route('terms-of-service', Terms, <Terms.Page />),
  route('privacy-policy', Privacy, <Privacy.Page />),
  { path: 'faq', element: <Navigate to={{ pathname: '/', hash: '#faq' }} replace /> },
  { path: '*', element: <Navigate to="/" replace /> },
];

/** Every page inside the frame (navbar, footer); RootLayout and App hold the error boundaries. */
export const routes: RouteObject[] = [{ path: '/', element: <RootLayout />, children: pageRoutes }];
