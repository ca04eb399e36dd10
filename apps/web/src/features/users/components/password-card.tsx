import { changePasswordSchema, messages, withConfirmation } from '@app/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, PasswordField } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { NewPasswordFields, newPasswordProblem, type NewPasswordValues } from '../../../lib/new-password-fields';
import { serverFieldErrors, useValidatedForm } from '../../../lib/use-validated-form';
import { updatePassword } from '../api/update-password';

const passwordFormSchema = withConfirmation(changePasswordSchema);

interface PasswordValues extends NewPasswordValues {
  currentPassword: string;
}
const FIELD_ORDER = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const FIELD_IDS: Record<keyof PasswordValues, string> = {
  currentPassword: 'current-password',
  newPassword: 'new-password',
  confirmPassword: 'confirm-new-password',
};
const empty: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The password update card of the profile, with its edit mode. */
export function PasswordCard() {
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const openButtonRef = useRef<HTMLButtonElement>(null);
  // The current password is checked by the server alone; its message comes back as a field error.
  const form = useValidatedForm<PasswordValues>({
    initialValues: empty,
    fieldOrder: FIELD_ORDER,
    validateField: newPasswordProblem,
    formRef,
    fieldId: (name) => FIELD_IDS[name],
  });
  const { values } = form;

  useEffect(() => {
    if (editing) firstFieldRef.current?.focus();
  }, [editing]);

  const valid = passwordFormSchema.safeParse(values).success;

  function open() {
    setEditing(true);
    setSuccess(false);
    setError(null);
  }

  function close() {
    setEditing(false);
    form.reset(empty);
    setError(null);
    requestAnimationFrame(() => openButtonRef.current?.focus());
  }

  // The dismissed notice took the focus with it: it goes on to what the person would use next.
  function dismissSuccess() {
    setSuccess(false);
    openButtonRef.current?.focus();
  }

  function dismissError() {
    setError(null);
    firstFieldRef.current?.focus();
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
        form.setServerErrors(serverFieldErrors(err, FIELD_ORDER));
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
        {success && (
          <Alert tone="success" onDismiss={dismissSuccess}>
            {messages.passwordUpdated}
          </Alert>
        )}
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
          <form ref={formRef} className="stack" noValidate onSubmit={onSubmit} aria-label="Change password">
            {error && (
              <Alert tone="error" onDismiss={dismissError}>
                {error}
              </Alert>
            )}
            <PasswordField
              ref={firstFieldRef}
              {...form.textFieldProps('currentPassword')}
              label="Current password"
              autoComplete="current-password"
            />
            <NewPasswordFields field={form.textFieldProps} touch={form.touch} newPassword={values.newPassword} />
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
