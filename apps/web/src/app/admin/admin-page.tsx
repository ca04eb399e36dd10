import { messages } from '@app/shared';
import { useQueryClient, type MutationCacheNotifyEvent, type QueryCacheNotifyEvent } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { ChunkStyles, LoadError, Spinner, ToastProvider } from '../../components/ui';
import { analyticsKeys } from '../../features/analytics';
import { auditLogKeys } from '../../features/audit-log';
import { dropAdminRoles, logout, useEndSession } from '../../features/auth';
import { clinicianKeys } from '../../features/clinicians';
import { enquiryKeys } from '../../features/contact';
import { expensesKeys } from '../../features/expenses';
import { householdKeys } from '../../features/household';
import { staffKeys } from '../../features/staff';
import { userAdminKeys } from '../../features/user-admin';
import { authFailureOf, type AuthFailure } from '../../lib/api-failure';
import { ConsoleNav, type ConsoleSection } from './console-nav';
import { adminMeKey, useAdminMe } from './get-admin-me';
import {
  AuditLogSection,
  CliniciansSection,
  EnquiriesSection,
  ExpensesSection,
  MemberSection,
  MembersSection,
  OverviewSection,
  ProfitSection,
  SettingsSection,
  VisitsSection,
} from './sections';
import dashboardCss from './admin.css?inline';

/** What the dashboard keeps in the app's data layer: its own check and the answers of the capabilities it composes. */
const DASHBOARD_KEYS = [
  adminMeKey,
  userAdminKeys.all,
  analyticsKeys.all,
  expensesKeys.all,
  clinicianKeys.all,
  enquiryKeys.all,
  auditLogKeys.all,
  staffKeys.all,
  householdKeys.members,
];

/**
 * /admin, the operator's console (decision 070): the admin check, a left navigation to the sections it composes
 * from the capabilities (user-admin, analytics, expenses, clinicians, contact, audit-log, staff), each at a path of its own, the toasts of
 * their results, and one answer to a session that ended (401) or a non-admin (403).
 */
export default function AdminPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<AuthFailure | null>(null);

  // Any dashboard call answered 401 or 403 is noted here, so every query and mutation leads to the same redirect.
  useEffect(() => {
    const note = (event: QueryCacheNotifyEvent | MutationCacheNotifyEvent) => {
      if (event.type !== 'updated') return;
      const { action } = event;
      const found = action.type === 'error' ? authFailureOf(action.error) : null;
      if (found) setFailure(found);
    };
    const stopQueries = queryClient.getQueryCache().subscribe(note);
    const stopMutations = queryClient.getMutationCache().subscribe(note);
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);

  const endSession = useEndSession();
  useEffect(() => {
    if (failure === 401) {
      endSession();
    } else if (failure === 403) {
      dropAdminRoles();
      void navigate('/profile', { replace: true });
    }
  }, [failure, navigate, endSession]);

  // The dashboard's answers leave memory with it, at sign-out or when the session ends.
  useEffect(
    () => () => {
      for (const queryKey of DASHBOARD_KEYS) queryClient.removeQueries({ queryKey });
    },
    [queryClient],
  );

  return (
    <ToastProvider>
      <ChunkStyles name="admin-dashboard" css={dashboardCss} />
      <Dashboard />
    </ToastProvider>
  );
}

/** The console's sections, in the navigation's order. */
const SECTIONS = [
  { path: '', label: 'Overview' },
  { path: 'members', label: 'Members' },
  { path: 'visits', label: 'Visits' },
  { path: 'clinicians', label: 'Clinicians' },
  { path: 'expenses', label: 'Expenses' },
  { path: 'profit', label: 'Profit' },
  { path: 'enquiries', label: 'Enquiries' },
  { path: 'audit-log', label: 'Audit log' },
  { path: 'settings', label: 'Settings' },
] as const satisfies readonly ConsoleSection[];

function Dashboard() {
  const navigate = useNavigate();
  const me = useAdminMe();

  async function signOut() {
    await logout();
    void navigate('/login', { replace: true });
  }

  const user = me.data?.user;
  const name = user ? user.fullName?.trim() || [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email : null;

  return (
    <div className="console">
      <ConsoleNav sections={SECTIONS} who={user && name ? { name, email: user.email } : null} onSignOut={signOut} />
      <main id="main" className="console__main admin" tabIndex={-1}>
        {me.isPending && <Spinner label="Checking your admin session…" />}
        {me.isError && !authFailureOf(me.error) && (
          <LoadError error={me.error} fallback={messages.genericError} onRetry={() => void me.refetch()} />
        )}
        {/* The sections wait for the admin check, so a patient or an ended session never sees a half-loaded console. */}
        {me.isSuccess && (
          <Routes>
            <Route index element={<OverviewSection />} />
            <Route path="members" element={<MembersSection />} />
            <Route path="members/:id" element={<MemberSection />} />
            <Route path="visits" element={<VisitsSection />} />
            <Route path="clinicians" element={<CliniciansSection />} />
            <Route path="expenses" element={<ExpensesSection />} />
            <Route path="profit" element={<ProfitSection />} />
            <Route path="enquiries" element={<EnquiriesSection />} />
            <Route path="audit-log" element={<AuditLogSection />} />
            <Route path="settings" element={<SettingsSection />} />
            <Route path="*" element={<Navigate to="/admin" replace />} />
          </Routes>
        )}
      </main>
    </div>
  );
}
