import { accessChangeSchema, messages } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, Button, TextField } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { formatCentral } from '../../../lib/format';
import { setAccess } from '../api/staff';

interface AccountAccessProps {
  user: { id: string; disabledAt: string | null };
  /** Unique on the page: the ids of the reason field derive from it. */
  idPrefix: string;
  /** Told the account's new state, so the list that shows it can follow. */
  onChanged?: (disabledAt: string | null) => void;
}

/**
 * Disable or re-enable an account, with the reason the trail keeps: a disabled account is signed out at
 * once and refused at sign-in. The button asks for the reason first, and the change happens on confirm.
 */
export function AccountAccess({ user, idPrefix, onChanged }: AccountAccessProps) {
  const [disabledAt, setDisabledAt] = useState(user.disabledAt);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const access = disabledAt ? 'enable' : 'disable';
  const change = useMutation({
    mutationFn: (why: string) => setAccess(user.id, access, { reason: why }),
    onSuccess: (answer) => {
      setDisabledAt(answer.disabledAt);
      onChanged?.(answer.disabledAt);
      setAsking(false);
      setReason('');
      setNotice({ tone: 'success', message: answer.message });
    },
    onError: (error) => setNotice({ tone: 'error', message: failureMessage(error, messages.genericError) }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const parsed = accessChangeSchema.safeParse({ reason });
    setProblem(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (parsed.success) change.mutate(parsed.data.reason);
  }

  const reasonId = `${idPrefix}-access-reason`;
  return (
    <section className="stack" aria-label="Account access">
      <p className="muted">
        {disabledAt
          ? `Disabled since ${formatCentral(new Date(disabledAt))}: signed out and refused at sign-in.`
          : 'Enabled: this account can sign in.'}
      </p>
      {notice && <Alert tone={notice.tone}>{notice.message}</Alert>}
      {asking ? (
        <form className="stack" noValidate onSubmit={submit}>
          <TextField
            id={reasonId}
            label={disabledAt ? 'Reason for enabling' : 'Reason for disabling'}
            value={reason}
            error={problem}
            autoFocus
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="row">
            <Button type="submit" size="sm" busy={change.isPending} disabled={change.isPending}>
              {disabledAt ? 'Enable account' : 'Disable account'}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setAsking(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="row">
          <Button size="sm" variant="secondary" onClick={() => setAsking(true)}>
            {disabledAt ? 'Enable account…' : 'Disable account…'}
          </Button>
        </div>
      )}
    </section>
  );
}
