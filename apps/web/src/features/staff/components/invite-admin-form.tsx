import { adminInviteSchema, fieldErrors, messages, type AdminInviteInput } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, TextField } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { inviteAdmin, staffKeys } from '../api/staff';

const EMPTY: AdminInviteInput = { firstName: '', lastName: '', email: '' };
type Field = keyof AdminInviteInput;

/** The invitation of an admin: checked with the shared schema, then by the server (a taken e-mail). */
export function InviteAdminForm() {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<AdminInviteInput>(EMPTY);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const invite = useMutation({
    mutationFn: inviteAdmin,
    onSuccess: (answer) => {
      setValues(EMPTY);
      setNotice({ tone: 'success', message: answer.message });
      void queryClient.invalidateQueries({ queryKey: staffKeys.admins });
    },
    onError: (error) => setNotice({ tone: 'error', message: failureMessage(error, messages.genericError) }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const parsed = adminInviteSchema.safeParse(values);
    setProblems(parsed.success ? {} : fieldErrors(parsed.error));
    if (parsed.success) invite.mutate(parsed.data);
  }

  const text = (field: Field) => ({
    id: `invite-admin-${field}`,
    value: values[field],
    error: problems[field] ?? null,
    autoComplete: 'off',
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value }),
  });

  return (
    <Card title="Invite an admin" level={2} headingId="invite-admin-title">
      <form className="stack" aria-labelledby="invite-admin-title" noValidate onSubmit={submit}>
        <p className="muted">
          They get an e-mail with a link to choose their password. Admins sign in with their password and a link e-mailed each time.
        </p>
        {notice && <Alert tone={notice.tone}>{notice.message}</Alert>}
        <div className="console-filters">
          <TextField {...text('firstName')} label="First name" />
          <TextField {...text('lastName')} label="Last name" />
          <TextField {...text('email')} label="Email" type="email" inputMode="email" />
        </div>
        <div className="row">
          <Button type="submit" busy={invite.isPending} disabled={invite.isPending}>
            {invite.isPending ? 'Sending…' : 'Send invitation'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
