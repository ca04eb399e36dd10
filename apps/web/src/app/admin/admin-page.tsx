import { messages } from '@app/shared';
import { useQueryClient, type MutationCacheNotifyEvent, type QueryCacheNotifyEvent } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../components/layout/page-title';
import { Button, ChunkStyles, LoadError, Spinner } from '../../components/ui';
import { AnalyticsCard, analyticsKeys, ProfitCard } from '../../features/analytics';
import { dropAdminRoles, logout, useEndSession } from '../../features/auth';
import { CliniciansPanel, clinicianKeys } from '../../features/clinicians';
import { ExchangeRateCard, ExpensesPanel, expensesKeys } from '../../features/expenses';
import { UsersJsonCard, UsersPanel, userAdminKeys } from '../../features/user-admin';
import { authFailureOf, type AuthFailure } from '../../lib/api-failure';
import { brand } from '../../lib/brand';
import { adminMeKey, useAdminMe } from './get-admin-me';
import { Tabs } from './tabs';
import dashboardCss from './admin.css?inline';

const TABS = [
  { id: 'users', label: 'Users' },
  { id: 'expenses', label: 'Expenses' },
  { id: 'clinicians', label: 'Clinicians' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** What the dashboard keeps in the app's data layer: its own check and the answers of the capabilities it composes. */
const DASHBOARD_KEYS = [adminMeKey, userAdminKeys.all, analyticsKeys.all, expensesKeys.all, clinicianKeys.all];

/**
 * /admin, the dashboard shell: the admin check, the tabs for the sections it composes from the capabilities
 * (user-admin, analytics, expenses, clinicians), and one answer to a session that ended (401) or a non-admin (403).
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
    <>
      <ChunkStyles name="admin-dashboard" css={dashboardCss} />
      <Dashboard />
    </>
  );
}

function Dashboard() {
  const navigate = useNavigate();
  const me = useAdminMe();
  const [tab, setTab] = useState<TabId>('users');

  async function signOut() {
    await logout();
    void navigate('/login', { replace: true });
  }

  const user = me.data?.user;
  const name = user ? user.fullName?.trim() || [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email : null;

  return (
    <div className="admin">
      <PageTitle>Admin dashboard</PageTitle>
      <div className="admin__mobile-brand">{brand.name}</div>
      <header className="admin__header">
        <div>
          <h1>Admin dashboard</h1>
          {me.isPending && <Spinner label="Checking your admin session…" />}
          {user && (
            <p className="admin__who">
              Signed in as <strong>{name}</strong>
              {name !== user.email && <> ({user.email})</>}
            </p>
          )}
        </div>
        <Button variant="secondary" size="sm" className="admin__signout" onClick={signOut}>
          Sign Out
        </Button>
      </header>
      {me.isError && !authFailureOf(me.error) && (
        <LoadError error={me.error} fallback={messages.genericError} onRetry={() => void me.refetch()} />
      )}
      {/* The sections wait for the admin check, so a patient or an ended session never sees a half-loaded dashboard. */}
      {me.isSuccess && (
        <Tabs label="Dashboard sections" tabs={TABS} selected={tab} onSelect={setTab}>
          {tab === 'users' && (
            <div className="admin__stack">
              <AnalyticsCard />
              <UsersPanel />
              <UsersJsonCard />
            </div>
          )}
          {tab === 'expenses' && (
            <div className="admin__stack">
              <ExpensesPanel />
              <ExchangeRateCard />
              <ProfitCard />
            </div>
          )}
          {tab === 'clinicians' && <CliniciansPanel />}
        </Tabs>
      )}
    </div>
  );
}
