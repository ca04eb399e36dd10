import { messages } from '@app/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormPage } from '../../../components/layout/form-page';
import { PageTitle } from '../../../components/layout/page-title';
import { Alert, Button, buttonClass } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { storageKeys, writeItem } from '../../../lib/storage';
import { verifyAdminLogin } from '../api/verify-admin-login';
import { notifyAuthChanged, saveSession, toStoredUser } from '../session';
import { useTokenParam } from '../token-param';

/**
 * The admin magic-link screen. Opening the link does nothing by itself (mail scanners open links):
 * the admin confirms with a button, and only then is the token spent.
 */
export default function AdminLoginPage() {
  const token = useTokenParam();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : messages.magicLinkInvalid);

  async function confirm() {
    if (!token || busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await verifyAdminLogin(token);
      saveSession({ user: toStoredUser(answer.user), token: answer.token, rememberMe: false });
      writeItem('session', storageKeys.adminLogin, '1');
      writeItem('session', storageKeys.justLoggedIn, '1');
      notifyAuthChanged();
      void navigate('/admin', { replace: true });
    } catch (err) {
      if (err instanceof ApiError) setError(err.status === 0 ? err.message : (err.serverMessage ?? messages.magicLinkInvalid));
      else setError(messages.genericError);
      setBusy(false);
    }
  }

  return (
    <FormPage
      title="Confirm admin sign-in"
      intro={<p>For your security, admin sign-in links only work after you confirm here, in the browser you want to use.</p>}
    >
      <PageTitle>Confirm admin sign-in</PageTitle>
      <div className="stack">
        {error && <Alert tone="error">{error}</Alert>}
        {token && (
          <Button block onClick={confirm} disabled={busy} busy={busy}>
            {busy ? 'Signing in...' : 'Sign in to the admin dashboard'}
          </Button>
        )}
        {error && (
          <Link className={buttonClass('secondary', 'md', true)} to="/login">
            Back to Sign In
          </Link>
        )}
      </div>
    </FormPage>
  );
}
