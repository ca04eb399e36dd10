import { EMAIL_PATTERN, FAILED_LOGIN_HINT_THRESHOLD, messages, toStoredUser, type LoginResponse } from '@app/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormPage, TrustPanel } from '../../../components/layout/form-page';
import { PageTitle } from '../../../components/layout/page-title';
import { Alert, Button, Checkbox, PasswordField, TextField, type AlertTone } from '../../../components/ui';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { brand } from '../../../lib/brand';
import { useValidatedForm } from '../../../lib/use-validated-form';
import { Captcha, useCaptcha } from '../../captcha';
import { login } from '../api/login';
import { ForgotPassword } from '../components/forgot-password';
import {
  clearLoginFlash,
  homePathOf,
  peekLoginFlash,
  readRememberedEmail,
  rememberEmail,
  storeLogin,
  useSession,
  type Flash,
} from '../session';
import '../auth.css';

interface Notice {
  tone: AlertTone;
  message: string;
  hint?: string;
}

/** A flash passed in navigation state: {flash: string | {message, tone}}. */
function flashFromState(state: unknown): Flash | null {
  if (!state || typeof state !== 'object') return null;
  const flash = (state as { flash?: unknown }).flash;
  if (typeof flash === 'string' && flash) return { message: flash, tone: 'success' };
  if (flash && typeof flash === 'object' && typeof (flash as Flash).message === 'string') {
    const { message, tone } = flash as Flash;
    return { message, tone: tone ?? 'success' };
  }
  return null;
}

const validEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

interface LoginValues {
  email: string;
  password: string;
  rememberMe: boolean;
}
const FIELD_ORDER = ['email', 'password'] as const;

/** Only a typed, malformed address is told off; two empty fields get one message above the form. */
const loginFieldProblem = (name: keyof LoginValues, values: LoginValues) =>
  name === 'email' && values.email.trim() !== '' && !validEmail(values.email) ? messages.loginEmail : null;

export default function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const captcha = useCaptcha();

  const [remembered] = useState(() => readRememberedEmail());
  const [flash] = useState(() => flashFromState(location.state) ?? peekLoginFlash());
  const formRef = useRef<HTMLFormElement>(null);
  const form = useValidatedForm<LoginValues>({
    initialValues: { email: remembered ?? '', password: '', rememberMe: !!remembered },
    fieldOrder: FIELD_ORDER,
    validateField: loginFieldProblem,
    formRef,
    fieldId: (name) => `login-${name}`,
  });
  const { email, password, rememberMe } = form.values;
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [failures, setFailures] = useState(0);
  const [magicLinkSent, setMagicLinkSent] = useState(false);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  // A flash is shown once: forget the stored copies after reading them.
  useEffect(() => {
    clearLoginFlash();
  }, []);

  useEffect(() => {
    if (notice) noticeRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [notice]);

  const shownCaptchaError = captcha.token ? null : captchaError;

  function fail(message: string, countsAsFailure: boolean) {
    const count = countsAsFailure ? failures + 1 : failures;
    setFailures(count);
    setNotice({
      tone: 'error',
      message,
      hint: count >= FAILED_LOGIN_HINT_THRESHOLD ? messages.loginManyFailures : undefined,
    });
  }

  function onAnswer(answer: LoginResponse, typedEmail: string) {
    if (answer.status === 'magic_link_sent') {
      rememberEmail(rememberMe ? typedEmail : null);
      setMagicLinkSent(true);
      setFailures(0);
      setNotice({ tone: 'info', message: answer.message || messages.magicLinkSent });
      return;
    }
    if (answer.status === 'unverified' || answer.verified === false || !answer.token) {
      setNotice({ tone: 'warning', message: answer.notVerifiedMessage || answer.message || messages.notVerified });
      return;
    }
    const user = toStoredUser(answer.user ?? { email: typedEmail, verified: true });
    storeLogin({ user, token: answer.token, rememberMe, email: typedEmail });
    void navigate(homePathOf(user), { replace: true });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || magicLinkSent) return;
    setNotice(null);
    const typedEmail = email.trim();
    if (!typedEmail || !password.trim()) {
      setNotice({ tone: 'error', message: messages.loginBothRequired });
      (typedEmail ? passwordRef : emailRef).current?.focus();
      return;
    }
    if (!form.validateAll().ok) return;
    if (captcha.required && !captcha.token) {
      setCaptchaError(messages.captchaRequired);
      return;
    }
    setCaptchaError(null);
    setBusy(true);
    try {
      const answer = await login({
        email: typedEmail,
        password,
        recaptchaToken: captcha.token ?? undefined,
        rememberMe,
      });
      onAnswer(answer, typedEmail);
    } catch (error) {
      if (error instanceof ApiError) {
        const body = (error.body ?? {}) as Partial<LoginResponse>;
        if (error.status === 403 && body.status === 'unverified') {
          setNotice({ tone: 'warning', message: body.notVerifiedMessage || body.message || messages.notVerified });
        } else if (error.status === 403) {
          // A disabled account, told to the holder of its password.
          fail(error.serverMessage ?? messages.loginFailed, false);
        } else if (error.status === 429) {
          fail(error.serverMessage ?? messages.tooManyLoginAttempts, false);
        } else if (error.status === 400 || error.status === 401) {
          fail(error.serverMessage ?? messages.loginFailed, true);
        } else {
          fail(error.message, false);
        }
      } else {
        fail(errorMessage(error, messages.loginFailed), false);
      }
    } finally {
      setBusy(false);
      // A captcha token works once: a new attempt needs a new check.
      if (captcha.required) captcha.reset();
    }
  }

  return (
    <FormPage
      title="Sign in"
      intro={<p>Welcome back. Sign in to see your membership and reach a doctor 24/7.</p>}
      aside={
        <TrustPanel
          heading="Care that fits your day"
          points={[
            'US board-certified doctors by phone or video',
            'Prescriptions sent to your pharmacy',
            'Your records, private and secure',
          ]}
        />
      }
    >
      <PageTitle>Sign in</PageTitle>
      <div className="stack">
        {flash && !notice && <Alert tone={flash.tone}>{flash.message}</Alert>}
        {notice && (
          <Alert ref={noticeRef} tone={notice.tone}>
            <p>{notice.message}</p>
            {notice.hint && <p>{notice.hint}</p>}
          </Alert>
        )}
        <form ref={formRef} className="stack" noValidate onSubmit={onSubmit} aria-label="Sign in">
          <TextField
            ref={emailRef}
            {...form.textFieldProps('email')}
            label="Email"
            type="email"
            autoComplete="username"
            inputMode="email"
          />
          <PasswordField ref={passwordRef} {...form.textFieldProps('password')} label="Password" autoComplete="current-password" />
          <div className="login__options">
            <Checkbox
              id="login-remember"
              label="Remember me"
              checked={rememberMe}
              onChange={(e) => form.setField('rememberMe', e.target.checked)}
            />
            <Button variant="link" aria-expanded={forgotOpen} aria-controls="forgot-panel" onClick={() => setForgotOpen((open) => !open)}>
              Forgot your password?
            </Button>
          </div>
          <Captcha captcha={captcha} error={shownCaptchaError} id="login-captcha" />
          <Button type="submit" block disabled={busy || magicLinkSent} busy={busy}>
            {busy ? 'Signing in...' : 'Sign In'}
          </Button>
        </form>
        <div id="forgot-panel">
          {forgotOpen && <ForgotPassword initialEmail={validEmail(email) ? email.trim() : ''} onCancel={() => setForgotOpen(false)} />}
        </div>
      </div>
      <div className="form-footer">
        <p>
          New to {brand.name}? <Link to={session.signedIn ? '/profile' : '/consult'}>Sign up</Link>
        </p>
      </div>
    </FormPage>
  );
}
