import { messages, toStoredUser } from '@app/shared';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormPage } from '../../../components/layout/form-page';
import { PageTitle } from '../../../components/layout/page-title';
import { Alert, Button, buttonClass } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { storageKeys, writeItem } from '../../../lib/storage';
import { verifyAdminLogin } from '../api/verify-admin-login';
import { homePathOf, notifyAuthChanged, saveSession } from '../session';
import { useTokenParam } from '../token-param';

/** What the screen says, for an admin's link or a clinician's (whose link ends in ?for=clinic). */
const WORDING = {
  admin: { title: 'Confirm admin sign-in', button: 'Sign in to the admin dashboard', place: 'admin' },
  clinic: { title: 'Confirm clinic sign-in', button: 'Sign in to the clinic', place: 'clinic' },
};

/**
 * The staff magic-link screen, for admins and clinicians. Opening the link does nothing by itself
 * (mail scanners open links): the person confirms with a button, and only then is the token spent.
 * Where they land is read from the roles the server answers, not from the link.
 */
export default function AdminLoginPage() {
  const token = useTokenParam();
  const [search] = useSearchParams();
  const wording = WORDING[search.get('for') === 'clinic' ? 'clinic' : 'admin'];
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : messages.magicLinkInvalid);

  async function confirm() {
    if (!token || busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await verifyAdminLogin(token);
      const user = toStoredUser(answer.user);
      saveSession({ user, token: answer.token, rememberMe: false });
      writeItem('session', storageKeys.adminLogin, '1');
      writeItem('session', storageKeys.justLoggedIn, '1');
      notifyAuthChanged();
      void navigate(homePathOf(user), { replace: true });
    } catch (err) {
      if (err instanceof ApiError) setError(err.status === 0 ? err.message : (err.serverMessage ?? messages.magicLinkInvalid));
      else setError(messages.genericError);
      setBusy(false);
    }
  }

  return (
    <FormPage
      title={wording.title}
      intro={<p>For your security, {wording.place} sign-in links only work after you confirm here, in the browser you want to use.</p>}
    >
      <PageTitle>{wording.title}</PageTitle>
      <div className="stack">
        {error && <Alert tone="error">{error}</Alert>}
        {token && (
          <Button block onClick={confirm} disabled={busy} busy={busy}>
            {busy ? 'Signing in...' : wording.button}
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
