import { messages } from '@app/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../components/layout/page-title';
import { Button, ChunkStyles, LoadError, Spinner } from '../../components/ui';
import { AnalyticsCard, ProfitCard } from '../../features/analytics';
import { logout, useEndSession } from '../../features/auth';
import { ExchangeRateCard, ExpensesPanel } from '../../features/expenses';
import { UsersJsonCard, UsersPanel } from '../../features/user-admin';
import { authFailureOf, type AuthFailure } from '../../lib/api-failure';
import { brand } from '../../lib/brand';
import { createQueryClient } from '../../lib/query-client';
import { useAdminMe } from './get-admin-me';
import { Tabs } from './tabs';
import dashboardCss from './admin.css?inline';

const TABS = [
  { id: 'users', label: 'Users' },
  { id: 'expenses', label: 'Expenses' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * /admin, the dashboard shell: the admin check, the tabs and one data layer for the sections it composes from the
 * capabilities (user-admin, analytics, expenses), and one answer to a session that ended (401) or a non-admin (403).
 */
export default function AdminPage() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const [queryClient] = useState(() => createQueryClient(setFailure));

  const endSession = useEndSession();
  useEffect(() => {
    if (failure === 401) {
      endSession();
    } else if (failure === 403) {
      void navigate('/profile', { replace: true });
    }
  }, [failure, navigate, endSession]);

  useEffect(() => () => queryClient.clear(), [queryClient]);

  return (
    <QueryClientProvider client={queryClient}>
      <ChunkStyles name="admin-dashboard" css={dashboardCss} />
      <Dashboard />
    </QueryClientProvider>
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
          {tab === 'users' ? (
            <div className="admin__stack">
              <AnalyticsCard />
              <UsersPanel />
              <UsersJsonCard />
            </div>
          ) : (
            <div className="admin__stack">
              <ExpensesPanel />
              <ExchangeRateCard />
              <ProfitCard />
            </div>
          )}
        </Tabs>
      )}
    </div>
  );
}
