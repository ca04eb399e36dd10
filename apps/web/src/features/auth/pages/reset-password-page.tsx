import { messages, resetPasswordSchema, withConfirmation } from '@app/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormPage } from '../../../components/layout/form-page';
import { PageTitle } from '../../../components/layout/page-title';
import { Alert, Button, TextField } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { NewPasswordFields, newPasswordProblem, type NewPasswordValues } from '../../../lib/new-password-fields';
import { useValidatedForm } from '../../../lib/use-validated-form';
import { resetPassword } from '../api/reset-password';
import { setLoginFlash } from '../session';
import { useTokenParam } from '../token-param';

const RESET_REDIRECT_MS = 900;

const resetFormSchema = withConfirmation(resetPasswordSchema);

interface ResetValues extends NewPasswordValues {
  token: string;
}
const FIELD_ORDER = ['token', 'newPassword', 'confirmPassword'] as const;
const FIELD_IDS: Record<keyof ResetValues, string> = {
  token: 'reset-token',
  newPassword: 'reset-new-password',
  confirmPassword: 'reset-confirm-password',
};

/** A pasted link works too: its token is kept. */
function tokenFromPaste(value: string): string {
  const match = /[?&](?:token|t)=([^&#\s]+)/.exec(value) ?? /\/reset(?:-password)?\/([^/?#\s]+)/.exec(value);
  return match?.[1] ? decodeURIComponent(match[1]) : value;
}

export default function ResetPasswordPage() {
  const tokenFromLink = useTokenParam();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useValidatedForm<ResetValues>({
    initialValues: { token: '', newPassword: '', confirmPassword: '' },
    fieldOrder: FIELD_ORDER,
    validateField: (name, values) =>
      name === 'token' ? (!tokenFromLink && !values.token.trim() ? messages.resetTokenRequired : null) : newPasswordProblem(name, values),
    formRef,
    fieldId: (name) => FIELD_IDS[name],
  });
  const { values } = form;
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);

  const effectiveToken = tokenFromLink || values.token;
  const valid = resetFormSchema.safeParse({ ...values, token: effectiveToken }).success;
  const done = result?.tone === 'success';

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    form.validateAll();
    if (!effectiveToken.trim()) {
      setResult({ tone: 'error', message: messages.resetTokenRequired });
      return;
    }
    if (!valid || busy) return;
    setBusy(true);
    setResult(null);
    try {
      await resetPassword({ token: effectiveToken.trim(), newPassword: values.newPassword });
      setLoginFlash(messages.resetSuccess, 'success');
      setResult({ tone: 'success', message: messages.resetSuccess });
    } catch (error) {
      const message =
        error instanceof ApiError && error.status !== 0 ? (error.serverMessage ?? messages.resetFailed) : messages.resetFailed;
      setResult({ tone: 'error', message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormPage title="Reset your password" intro={<p>Choose a new password for your account.</p>}>
      <PageTitle>Reset password</PageTitle>
      <form ref={formRef} className="stack" noValidate onSubmit={onSubmit} aria-label="Reset password">
        {result && <Alert tone={result.tone}>{result.message}</Alert>}
        {!tokenFromLink && (
          <TextField
            {...form.textFieldProps('token')}
            label="Reset token"
            hint="Paste the link or the token from the email we sent you."
            autoComplete="off"
            onChange={(e) => form.setField('token', tokenFromPaste(e.target.value))}
          />
        )}
        <NewPasswordFields field={form.textFieldProps} touch={form.touch} newPassword={values.newPassword} />
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
