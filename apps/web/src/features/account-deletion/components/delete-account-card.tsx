import { deleteAccountSchema, messages } from '@app/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, PasswordField } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { serverFieldErrors } from '../../../lib/use-validated-form';
import { logout } from '../../auth';
import { useHousehold } from '../../household';
import { deleteAccount } from '../api/delete-account';

/** "Delete my account": says what happens (to the children the person keeps too), then asks for the password before anything is done. */
export function DeleteAccountCard() {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const valid = deleteAccountSchema.safeParse({ currentPassword: password }).success;
  // The children this person is the guardian of: their accounts close with this one.
  const children = (useHousehold().data?.people ?? []).filter((person) => person.role === 'child' && person.managedByYou);

  function close() {
    setConfirming(false);
    setPassword('');
    setFieldError(null);
    setError(null);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    try {
      const { message } = await deleteAccount(password);
      // The server ended every session; this device forgets its own.
      await logout();
      void navigate('/login', { replace: true, state: { flash: { message, tone: 'success' } } });
    } catch (err) {
      setError(failureMessage(err, messages.accountDeletionFailed));
      setFieldError(serverFieldErrors(err, ['currentPassword'] as const).currentPassword ?? null);
      setBusy(false);
    }
  }

  return (
    <Card title="Delete my account" headingId="delete-account-card-title" className="profile__danger">
      <div className="stack">
        <p className="muted">Before you confirm, this is what deleting your account does:</p>
        <ul className="profile__consequences">
          {messages.accountDeletionConsequences.map((line) => (
            <li key={line}>{line}</li>
          ))}
          {children.length > 0 && (
            <li>{messages.accountDeletionChildren(children.map((child) => `${child.firstName} ${child.lastName}`))}</li>
          )}
        </ul>
        {!confirming ? (
          <div>
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Delete my account
            </Button>
          </div>
        ) : (
          <form className="stack" noValidate onSubmit={onSubmit} aria-label="Delete my account">
            {error && (
              <Alert tone="error" onDismiss={() => setError(null)}>
                {error}
              </Alert>
            )}
            <PasswordField
              id="delete-current-password"
              label="Current password"
              autoComplete="current-password"
              autoFocus
              value={password}
              error={fieldError}
              onChange={(event) => {
                setPassword(event.target.value);
                setFieldError(null);
              }}
            />
            <div className="row">
              <Button type="submit" disabled={!valid || busy} busy={busy}>
                {busy ? 'Deleting...' : 'Delete my account for good'}
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
