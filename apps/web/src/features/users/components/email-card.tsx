import { changeEmailSchema, messages } from '@app/shared';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, PasswordField, TextField } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { serverFieldErrors } from '../../../lib/use-validated-form';
import { requestEmailChange } from '../api/change-email';

const FIELDS = ['newEmail', 'currentPassword'] as const;
type Field = (typeof FIELDS)[number];

/** "Change e-mail": the new address and the password; the change waits for the link mailed to the new address. */
export function EmailCard({ email }: { email: string }) {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Record<Field, string>>({ newEmail: '', currentPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const valid = changeEmailSchema.safeParse(values).success;

  function close() {
    setEditing(false);
    setValues({ newEmail: '', currentPassword: '' });
    setErrors({});
    setError(null);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = changeEmailSchema.safeParse(values);
    if (!parsed.success || busy) return;
    setBusy(true);
    setError(null);
    try {
      await requestEmailChange(parsed.data);
      close();
      setSent(true);
    } catch (err) {
      setError(failureMessage(err, messages.emailChangeFailed));
      setErrors(serverFieldErrors(err, FIELDS));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: Field) => ({
    value: values[name],
    error: errors[name] ?? null,
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  return (
    <Card title="E-mail address" headingId="email-card-title">
      <div className="stack">
        {sent && (
          <Alert tone="success" onDismiss={() => setSent(false)}>
            {messages.emailChangeSent}
          </Alert>
        )}
        {!editing ? (
          <>
            <p className="muted">
              You sign in with <strong>{email}</strong>.
            </p>
            <div>
              <Button variant="secondary" onClick={() => (setSent(false), setEditing(true))}>
                Change e-mail
              </Button>
            </div>
          </>
        ) : (
          <form className="stack" noValidate onSubmit={onSubmit} aria-label="Change e-mail">
            {error && (
              <Alert tone="error" onDismiss={() => setError(null)}>
                {error}
              </Alert>
            )}
            <TextField id="new-email" label="New e-mail" type="email" autoComplete="email" autoFocus {...field('newEmail')} />
            <PasswordField
              id="email-current-password"
              label="Current password"
              autoComplete="current-password"
              {...field('currentPassword')}
            />
            <p className="muted">
              We will send a link to the new address. Your e-mail changes only when you open it, and your other devices are signed out.
            </p>
            <div className="row">
              <Button type="submit" disabled={!valid || busy} busy={busy}>
                {busy ? 'Sending...' : 'Send confirmation link'}
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
