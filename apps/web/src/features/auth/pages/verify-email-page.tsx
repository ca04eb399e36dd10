import { messages } from '@app/shared';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormPage } from '../../../components/layout/form-page';
import { PageTitle } from '../../../components/layout/page-title';
import { Alert, Button, Spinner, buttonClass } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { isOnline, useOnline } from '../../../lib/use-online';
import { checkVerifyEmailToken, verifyEmail } from '../api/verify-email';
import { ResendVerification } from '../components/resend-verification';
import { readSession, setLoginFlash } from '../session';
import { useTokenParam } from '../token-param';
import '../auth.css';

const VERIFY_REDIRECT_MS = 1200;

/** Which call a lost connection interrupted, so Retry repeats that one. */
type Step = 'check' | 'confirm';

type Phase =
  | { name: 'checking' }
  | { name: 'ready' }
  | { name: 'confirming' }
  | { name: 'success'; message: string }
  /** No answer came back: Retry repeats the step. */
  | { name: 'network'; step: Step; message: string }
  /** The server answered no (spent, expired, unknown link): a new link is the way on. */
  | { name: 'invalid'; message: string };

const networkMessage = () => (isOnline() ? messages.verifyNetwork : messages.verifyOffline);

function failure(error: unknown, step: Step): Phase {
  if (error instanceof ApiError && error.status === 0) return { name: 'network', step, message: networkMessage() };
  return { name: 'invalid', message: (error instanceof ApiError && error.serverMessage) || messages.verifyDefault };
}

/**
 * The verification link's screen. Opening the link only asks whether it is still usable (mail
 * scanners open links too); the address is verified when the person presses "Confirm my email".
 */
export default function VerifyEmailPage() {
  const token = useTokenParam();
  const navigate = useNavigate();
  const online = useOnline();
  const [phase, setPhase] = useState<Phase>(() => {
    if (!token) return { name: 'invalid', message: messages.verifyMissingToken };
    if (!isOnline()) return { name: 'network', step: 'check', message: messages.verifyOffline };
    return { name: 'checking' };
  });
  const started = useRef(false);

  async function check() {
    setPhase({ name: 'checking' });
    try {
      const status = await checkVerifyEmailToken(token);
      setPhase(status.usable ? { name: 'ready' } : { name: 'invalid', message: status.message || messages.verifyTokenInvalid });
    } catch (error) {
      setPhase(failure(error, 'check'));
    }
  }

  async function confirm() {
    setPhase({ name: 'confirming' });
    try {
      const answer = await verifyEmail(token);
      const message = answer.message || messages.verifySuccess;
      setLoginFlash(message, 'success');
      setPhase({ name: 'success', message });
    } catch (error) {
      setPhase(failure(error, 'confirm'));
    }
  }

  // Check once on arrival (a ref guard keeps React's development double-run from asking twice).
  const arrive = useEffectEvent(() => {
    if (started.current || phase.name !== 'checking') return;
    started.current = true;
    void check();
  });
  useEffect(() => arrive(), []);

  useEffect(() => {
    if (phase.name !== 'success') return;
    const timer = setTimeout(
      () => void navigate('/login', { replace: true, state: { flash: { message: phase.message, tone: 'success' } } }),
      VERIFY_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [phase, navigate]);

  function retry(step: Step) {
    if (!isOnline()) {
      setPhase({ name: 'network', step, message: messages.verifyOffline });
      return;
    }
    void (step === 'check' ? check() : confirm());
  }

  const signInLink = (
    <Link className={buttonClass('secondary', 'md', true)} to="/login">
      Sign in
    </Link>
  );

  return (
    <FormPage
      title="Email verification"
      intro={<p>Confirm that this is your email address so we can keep your account and your care details secure.</p>}
    >
      <PageTitle>Verify your email</PageTitle>
      <div className="status-screen" aria-live="polite">
        {phase.name === 'checking' && <Spinner label="Checking your link…" />}
        {(phase.name === 'ready' || phase.name === 'confirming') && (
          <Button block onClick={confirm} disabled={phase.name === 'confirming'} busy={phase.name === 'confirming'}>
            {phase.name === 'confirming' ? 'Confirming...' : 'Confirm my email'}
          </Button>
        )}
        {phase.name === 'success' && (
          <>
            <Alert tone="success">{phase.message}</Alert>
            <p className="muted">Taking you to sign in…</p>
            <Link className={buttonClass('primary', 'md', true)} to="/login">
              Sign in
            </Link>
          </>
        )}
        {phase.name === 'network' && (
          <>
            <Alert tone="error">{phase.message}</Alert>
            <Button block onClick={() => retry(phase.step)} disabled={!online}>
              Retry verification
            </Button>
            {!online && <p className="muted">You are offline. Retry becomes available when your connection is back.</p>}
            {signInLink}
          </>
        )}
        {phase.name === 'invalid' && (
          <>
            <Alert tone="error">{phase.message}</Alert>
            <ResendVerification initialEmail={readSession().user?.email ?? ''} />
            {signInLink}
          </>
        )}
      </div>
    </FormPage>
  );
}
