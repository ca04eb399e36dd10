import { CLINICIAN_CREDENTIALS, clinicianInviteSchema, messages, type ClinicianInviteInput } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, SelectField, TextField } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { inviteClinician } from '../api/clinicians';
import { clinicianKeys } from '../api/keys';
import { problemsOf, serverProblemsOf, type Problems } from './field-errors';
import { StatePicker } from './state-picker';

const EMPTY: ClinicianInviteInput = { firstName: '', lastName: '', email: '', credentials: 'MD', npi: '', states: [] };
export const CREDENTIAL_OPTIONS = CLINICIAN_CREDENTIALS.map((value) => ({ value, label: value }));

/** The invitation form: checked with the shared schema as typed, then by the server (a taken e-mail or NPI). */
export function InviteClinicianForm() {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ClinicianInviteInput>(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const invite = useMutation({
    mutationFn: inviteClinician,
    onSuccess: (answer) => {
      setValues(EMPTY);
      setNotice({ tone: 'success', message: answer.message });
      void queryClient.invalidateQueries({ queryKey: clinicianKeys.list });
    },
    onError: (error) => {
      setProblems(serverProblemsOf(error));
      setNotice({ tone: 'error', message: failureMessage(error, messages.genericError) });
    },
  });

  function set<K extends keyof ClinicianInviteInput>(field: K, value: ClinicianInviteInput[K]) {
    const next = { ...values, [field]: value };
    setValues(next);
    // A field told off is checked again as it changes, so its message leaves once it is right.
    if (problems[field]) setProblems({ ...problems, [field]: problemsOf(clinicianInviteSchema.safeParse(next))[field] ?? '' });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const parsed = clinicianInviteSchema.safeParse(values);
    setProblems(problemsOf(parsed));
    if (parsed.success) invite.mutate(parsed.data);
  }

  const text = (field: 'firstName' | 'lastName' | 'email' | 'npi') => ({
    id: `invite-${field}`,
    value: values[field],
    error: problems[field] || null,
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  });

  return (
    <Card title="Invite a clinician" level={2} headingId="invite-clinician-title" className="clinician-invite">
      <form className="clinician-form" aria-labelledby="invite-clinician-title" noValidate onSubmit={submit}>
        {notice && <Alert tone={notice.tone}>{notice.message}</Alert>}
        <div className="clinician-form__grid">
          <TextField {...text('firstName')} label="First name" autoComplete="off" />
          <TextField {...text('lastName')} label="Last name" autoComplete="off" />
          <TextField {...text('email')} label="Email" type="email" autoComplete="off" inputMode="email" />
          <TextField {...text('npi')} label="NPI" inputMode="numeric" maxLength={10} hint="10 digits, from the NPPES registry." />
          <SelectField
            id="invite-credentials"
            label="Credentials"
            options={CREDENTIAL_OPTIONS}
            value={values.credentials}
            error={problems.credentials || null}
            onChange={(event) => set('credentials', event.target.value as ClinicianInviteInput['credentials'])}
          />
        </div>
        <StatePicker
          id="invite-states"
          selected={values.states}
          onChange={(states) => set('states', states as ClinicianInviteInput['states'])}
          error={problems.states || null}
        />
        <div className="clinician-form__actions">
          <Button type="submit" busy={invite.isPending} disabled={invite.isPending}>
            {invite.isPending ? 'Sending…' : 'Send invitation'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
