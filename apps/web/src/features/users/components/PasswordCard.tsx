import { changePasswordSchema, messages, newPasswordError, withConfirmation } from '@app/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, PasswordField } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { updatePassword } from '../api/updatePassword';

const PASSWORD_SUCCESS_MS = 6000;

const passwordFormSchema = withConfirmation(changePasswordSchema);

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The password update card of the profile, with its edit mode. */
export function PasswordCard() {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState(empty);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [currentError, setCurrentError] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const openButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => setSuccess(false), PASSWORD_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [success]);

  useEffect(() => {
    if (editing) firstFieldRef.current?.focus();
  }, [editing]);

  const valid = passwordFormSchema.safeParse(values).success;
  const set = (field: keyof typeof empty) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (field === 'currentPassword') setCurrentError(null);
  };
  const touch = (field: string) => () => setTouched((t) => ({ ...t, [field]: true }));

  const newError = touched.newPassword && values.newPassword ? newPasswordError(values.newPassword) : null;
  const confirmError =
    touched.confirmPassword && values.confirmPassword && values.confirmPassword !== values.newPassword
      ? messages.passwordsDoNotMatch
      : null;

  function open() {
    setEditing(true);
    setSuccess(false);
    setError(null);
  }

  function close() {
    setEditing(false);
    setValues(empty);
    setTouched({});
    setError(null);
    setCurrentError(null);
    requestAnimationFrame(() => openButtonRef.current?.focus());
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    try {
      await updatePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      close();
      setSuccess(true);
    } catch (err) {
      if (err instanceof ApiError && err.status !== 0) {
        setError(err.serverMessage ?? messages.passwordUpdateFailed);
        const fieldError = (err.body as { errors?: Record<string, unknown> } | null)?.errors?.currentPassword;
        if (typeof fieldError === 'string') setCurrentError(fieldError);
      } else {
        setError(messages.passwordUpdateFailed);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="Password" headingId="password-card-title">
      <div className="stack">
        {success && <Alert tone="success">{messages.passwordUpdated}</Alert>}
        {!editing ? (
          <>
            <p className="muted">Use a strong password you don't use anywhere else.</p>
            <div>
              <Button ref={openButtonRef} variant="secondary" onClick={open}>
                Change password
              </Button>
            </div>
          </>
        ) : (
          <form className="stack" noValidate onSubmit={onSubmit} aria-label="Change password">
            {error && <Alert tone="error">{error}</Alert>}
            <PasswordField
              ref={firstFieldRef}
              id="current-password"
              label="Current password"
              autoComplete="current-password"
              value={values.currentPassword}
              error={currentError}
              onChange={set('currentPassword')}
            />
            <PasswordField
              id="new-password"
              label="New password"
              autoComplete="new-password"
              checklist
              value={values.newPassword}
              error={newError}
              onChange={set('newPassword')}
              onBlur={touch('newPassword')}
            />
            <PasswordField
              id="confirm-new-password"
              label="Confirm new password"
              autoComplete="new-password"
              value={values.confirmPassword}
              error={confirmError}
              onChange={set('confirmPassword')}
              onBlur={touch('confirmPassword')}
            />
            <div className="row">
              <Button type="submit" disabled={!valid || busy} busy={busy}>
                {busy ? 'Updating...' : 'Update password'}
              </Button>
              <Button variant="ghost" onClick={close} disabled={busy}>
                Cancel
              </Button>
            </div>
          </form>
        )}
      </div>
    </Card>
  );
}
