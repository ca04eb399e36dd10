import { messages } from '@app/shared';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/layout/PageTitle';
import { Alert, Button, Card, Spinner } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { brand } from '../../../lib/brand';
import { clearSessionLocally, logout, setLoginFlash } from '../../auth';
import { useAdminMe } from '../api/getAdminMe';
import './admin.css';

const upcoming = [
  { title: 'Users', text: 'Search, review and update member accounts, and send password reset emails.' },
  { title: 'Analytics', text: 'Members, active subscriptions, monthly revenue and recent sign-ups at a glance.' },
  { title: 'Expenses', text: 'Record expenses in USD or INR with receipts attached.' },
];

export default function AdminPage() {
  const navigate = useNavigate();
  const me = useAdminMe();
  const status = me.status === 'error' && me.error instanceof ApiError ? me.error.status : null;

  useEffect(() => {
    if (status === 401) {
      // The route guard also reacts to the cleared session and redirects without any navigation state,
      // so the flash goes where the sign-in page also looks for it, after the storage is cleared.
      clearSessionLocally();
      setLoginFlash(messages.sessionExpired, 'warning');
      navigate('/login', { replace: true, state: { flash: { message: messages.sessionExpired, tone: 'warning' } } });
    } else if (status === 403) {
      navigate('/profile', { replace: true });
    }
  }, [status, navigate]);

  async function signOut() {
    await logout();
    navigate('/login', { replace: true });
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
          {me.status === 'loading' && <Spinner label="Checking your admin session…" />}
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
      {me.status === 'error' && status !== 401 && status !== 403 && (
        <Alert tone="error">
          <p>{me.error instanceof ApiError ? me.error.message : messages.genericError}</p>
          <Button variant="secondary" size="sm" onClick={me.reload}>
            Try again
          </Button>
        </Alert>
      )}
      <Alert tone="info" role="none">
        User management, analytics and expenses are being built and will appear here soon.
      </Alert>
      <div className="admin__grid">
        {upcoming.map((item) => (
          <Card key={item.title} title={item.title} level={2} headingId={`admin-${item.title.toLowerCase()}`}>
            <p className="muted">{item.text}</p>
            <span className="admin__soon">Coming soon</span>
          </Card>
        ))}
      </div>
    </div>
  );
}
