import { messages, newPasswordError, resetPasswordSchema, withConfirmation } from '@app/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormPage } from '../../../components/layout/FormPage';
import { PageTitle } from '../../../components/layout/PageTitle';
import { Alert, Button, PasswordField, TextField } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { resetPassword } from '../api/resetPassword';
import { setLoginFlash } from '../session';
import { useTokenParam } from '../tokenParam';

const RESET_REDIRECT_MS = 900;

const resetFormSchema = withConfirmation(resetPasswordSchema);

export default function ResetPasswordPage() {
  const tokenFromLink = useTokenParam();
  const navigate = useNavigate();
  const [token, setToken] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);

  const effectiveToken = tokenFromLink || token;
  const valid = resetFormSchema.safeParse({ token: effectiveToken, newPassword, confirmPassword }).success;
  const done = result?.tone === 'success';

  const tokenError = touched.token && !effectiveToken.trim() ? messages.resetTokenRequired : null;
  const passwordError = touched.newPassword && newPassword ? newPasswordError(newPassword) : null;
  const confirmError =
    (touched.confirmPassword || (confirmPassword && confirmPassword.length >= newPassword.length)) &&
    confirmPassword &&
    confirmPassword !== newPassword
      ? messages.passwordsDoNotMatch
      : null;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const touch = (field: string) => () => setTouched((t) => ({ ...t, [field]: true }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched({ token: true, newPassword: true, confirmPassword: true });
    if (!effectiveToken.trim()) {
      setResult({ tone: 'error', message: messages.resetTokenRequired });
      return;
    }
    if (!valid || busy) return;
    setBusy(true);
    setResult(null);
    try {
      await resetPassword({ token: effectiveToken.trim(), newPassword });
      setLoginFlash(messages.resetSuccess, 'success');
      setResult({ tone: 'success', message: messages.resetSuccess });
    } catch (error) {
      const message = error instanceof ApiError && error.status !== 0 ? (error.serverMessage ?? messages.resetFailed) : messages.resetFailed;
      setResult({ tone: 'error', message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormPage title="Reset your password" intro={<p>Choose a new password for your account.</p>}>
      <PageTitle>Reset password</PageTitle>
      <form className="stack" noValidate onSubmit={onSubmit} aria-label="Reset password">
        {result && <Alert tone={result.tone}>{result.message}</Alert>}
        {!tokenFromLink && (
          <TextField
            id="reset-token"
            label="Reset token"
            hint="Paste the link or the token from the email we sent you."
            autoComplete="off"
            value={token}
            error={tokenError}
            onChange={(e) => {
              // A pasted link works too: keep its token.
              const value = e.target.value;
              const match = /[?&](?:token|t)=([^&#\s]+)/.exec(value) ?? /\/reset(?:-password)?\/([^/?#\s]+)/.exec(value);
              setToken(match?.[1] ? decodeURIComponent(match[1]) : value);
            }}
            onBlur={touch('token')}
          />
        )}
        <PasswordField
          id="reset-new-password"
          label="New password"
          autoComplete="new-password"
          checklist
          value={newPassword}
          error={passwordError}
          onChange={(e) => setNewPassword(e.target.value)}
          onBlur={touch('newPassword')}
        />
        <PasswordField
          id="reset-confirm-password"
          label="Confirm new password"
          autoComplete="new-password"
          value={confirmPassword}
          error={confirmError}
          onChange={(e) => setConfirmPassword(e.target.value)}
          onBlur={touch('confirmPassword')}
        />
        <Button type="submit" block disabled={!valid || busy || done} busy={busy}>
          {busy ? 'Resetting...' : 'Reset password'}
        </Button>
      </form>
      <div className="form-footer">
        <Link to="/login">Back to Sign In</Link>
      </div>
    </FormPage>
  );
}
