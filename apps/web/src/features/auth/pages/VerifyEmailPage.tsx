import { messages } from '@app/shared';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormPage } from '../../../components/layout/FormPage';
import { PageTitle } from '../../../components/layout/PageTitle';
import { Alert, Button, Spinner, buttonClass } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { isOnline, useOnline } from '../../../lib/use-online';
import { verifyEmail } from '../api/verifyEmail';
import { readSession, setLoginFlash, updateStoredUser } from '../session';
import { useTokenParam } from '../tokenParam';
import '../auth.css';

export const VERIFY_REDIRECT_MS = 1200;

type Phase = { name: 'verifying' } | { name: 'success'; message: string } | { name: 'error'; message: string };

function failureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return isOnline() ? messages.verifyNetwork : messages.verifyOffline;
    return error.serverMessage ?? messages.verifyDefault;
  }
  return messages.verifyDefault;
}

export default function VerifyEmailPage() {
  const token = useTokenParam();
  const navigate = useNavigate();
  const online = useOnline();
  const [phase, setPhase] = useState<Phase>(() => {
    if (!token) return { name: 'error', message: messages.verifyMissingToken };
    if (!isOnline()) return { name: 'error', message: messages.verifyOffline };
    return { name: 'verifying' };
  });
  const started = useRef(false);

  async function run() {
    try {
      const answer = await verifyEmail(token);
      const message = answer.message || messages.verifySuccess;
      const session = readSession();
      const email = answer.user?.email?.toLowerCase();
      if (session.user?.email && email && session.user.email.toLowerCase() === email) {
        updateStoredUser({ verified: true, emailVerificationStat: 'verified' });
      }
      setLoginFlash(message, 'success');
      setPhase({ name: 'success', message });
    } catch (error) {
      setPhase({ name: 'error', message: failureMessage(error) });
    }
  }

  // Verify once on arrival (a ref guard keeps React's development double-run from spending the token twice).
  const arrive = useEffectEvent(() => {
    if (started.current || phase.name !== 'verifying') return;
    started.current = true;
    void run();
  });
  useEffect(() => arrive(), []);

  useEffect(() => {
    if (phase.name !== 'success') return;
    const timer = setTimeout(
      () => navigate('/login', { replace: true, state: { flash: { message: phase.message, tone: 'success' } } }),
      VERIFY_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [phase, navigate]);

  function retry() {
    if (!isOnline()) {
      setPhase({ name: 'error', message: messages.verifyOffline });
      return;
    }
    setPhase({ name: 'verifying' });
    void run();
  }

  return (
    <FormPage title="Email verification">
      <PageTitle>Verify your email</PageTitle>
      <div className="status-screen" aria-live="polite">
        {phase.name === 'verifying' && (
          <>
            <span className="status-screen__icon status-screen__icon--busy" aria-hidden="true">
              <span className="spinner" />
            </span>
            <p>
              <Spinner label="Verifying your email…" />
            </p>
          </>
        )}
        {phase.name === 'success' && (
          <>
            <Alert tone="success">{phase.message}</Alert>
            <p className="muted">Taking you to sign in…</p>
            <Link className={buttonClass('primary')} to="/login">
              Sign in
            </Link>
          </>
        )}
        {phase.name === 'error' && (
          <>
            <Alert tone="error">{phase.message}</Alert>
            <div className="row">
              {token && (
                <Button onClick={retry} disabled={!online}>
                  Retry verification
                </Button>
              )}
              <Link className={buttonClass('secondary')} to="/login">
                Sign in
              </Link>
            </div>
            {!online && <p className="muted">You are offline. Retry becomes available when your connection is back.</p>}
          </>
        )}
      </div>
    </FormPage>
  );
}
