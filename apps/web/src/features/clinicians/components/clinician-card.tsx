import { clinicianUpdateSchema, messages, usStateName, type AdminClinician, type ClinicianUpdate } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, Button, SelectField } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { resendInvitation, setClinicianAccess, updateClinician } from '../api/clinicians';
import { clinicianKeys } from '../api/keys';
import { problemsOf, serverProblemsOf, type Problems } from './field-errors';
import { CREDENTIAL_OPTIONS } from './invite-clinician-form';
import { StatePicker } from './state-picker';

type Access = 'disable' | 'enable';
type Notice = { tone: 'success' | 'error'; message: string };

const statusOf = (clinician: AdminClinician) =>
  clinician.disabledAt
    ? { label: 'Disabled', className: 'tag tag--muted' }
    : clinician.onDuty
      ? { label: 'On duty', className: 'tag tag--on-duty' }
      : { label: 'Off duty', className: 'tag' };

/** One clinician: who, licence, status, and the admin's actions (edit, re-send, disable or enable, each confirmed in place). */
export function ClinicianCard({ clinician }: { clinician: AdminClinician }) {
  const queryClient = useQueryClient();
  const name = `${clinician.firstName} ${clinician.lastName}`.trim();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState<Access | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: clinicianKeys.list });
  const done = (message: string) => {
    setNotice({ tone: 'success', message });
    void refresh();
  };
  const failed = (error: unknown) => setNotice({ tone: 'error', message: failureMessage(error, messages.genericError) });

  const access = useMutation({
    mutationFn: (change: Access) => setClinicianAccess(clinician.id, change),
    onSuccess: (answer) => {
      setConfirming(null);
      done(answer.message);
    },
    onError: failed,
  });
  const resend = useMutation({
    mutationFn: () => resendInvitation(clinician.id),
    onSuccess: (answer) => done(answer.message),
    onError: failed,
  });
  const status = statusOf(clinician);

  return (
    <li className="clinician-card">
      <article aria-labelledby={`clinician-${clinician.id}`}>
        <div className="clinician-card__summary">
          <div>
            <h3 className="clinician-card__name" id={`clinician-${clinician.id}`}>
              {name}, {clinician.credentials}
            </h3>
            <p className="clinician-card__meta">
              NPI {clinician.npi} · {clinician.email}
            </p>
            <p className="clinician-card__states">
              <span className="sr-only">Licensed in </span>
              {clinician.states.map((code) => (
                <abbr key={code} className="clinician-card__state" title={usStateName(code)}>
                  {code}
                </abbr>
              ))}
            </p>
          </div>
          <span className={status.className}>{status.label}</span>
        </div>
        {notice && <Alert tone={notice.tone}>{notice.message}</Alert>}
        {editing ? (
          <LicenceEditor
            clinician={clinician}
            onDone={(message) => {
              setEditing(false);
              if (message) done(message);
            }}
          />
        ) : (
          <div className="clinician-card__actions">
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)} aria-label={`Edit states of ${name}`}>
              Edit states
            </Button>
            {!clinician.disabledAt && (
              <Button variant="ghost" size="sm" busy={resend.isPending} disabled={resend.isPending} onClick={() => resend.mutate()}>
                Re-send invitation
              </Button>
            )}
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setConfirming(clinician.disabledAt ? 'enable' : 'disable')}
              aria-expanded={confirming !== null}
            >
              {clinician.disabledAt ? 'Enable' : 'Disable'}
            </Button>
          </div>
        )}
        {confirming && (
          <div className="clinician-card__confirm" role="group" aria-label={`Confirm: ${confirming} ${name}`}>
            <p>{confirming === 'disable' ? messages.clinicianDisableConfirm(name) : messages.clinicianEnableConfirm(name)}</p>
            <div className="clinician-card__actions">
              <Button size="sm" busy={access.isPending} disabled={access.isPending} onClick={() => access.mutate(confirming)}>
                {confirming === 'disable' ? 'Turn access off' : 'Turn access on'}
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setConfirming(null)}>
                Cancel
              </Button>
            </div>
          </div>
        )}
      </article>
    </li>
  );
}

/** The credentials and states of one clinician, edited in place; `onDone` gets the server's message, or null when cancelled. */
function LicenceEditor({ clinician, onDone }: { clinician: AdminClinician; onDone: (message: string | null) => void }) {
  const [values, setValues] = useState<ClinicianUpdate>({
    credentials: clinician.credentials,
    states: clinician.states as ClinicianUpdate['states'],
  });
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: ClinicianUpdate) => updateClinician(clinician.id, body),
    onSuccess: (answer) => onDone(answer.message),
    onError: (failure) => {
      setProblems(serverProblemsOf(failure));
      setError(failureMessage(failure, messages.genericError));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = clinicianUpdateSchema.safeParse(values);
    setProblems(problemsOf(parsed));
    if (parsed.success) save.mutate(parsed.data);
  }

  return (
    <form
      className="clinician-form clinician-card__editor"
      noValidate
      onSubmit={submit}
      aria-label={`Licence of ${clinician.firstName} ${clinician.lastName}`}
    >
      {error && <Alert tone="error">{error}</Alert>}
      <SelectField
        id={`credentials-${clinician.id}`}
        label="Credentials"
        options={CREDENTIAL_OPTIONS}
        value={values.credentials}
        error={problems.credentials || null}
        onChange={(event) => setValues({ ...values, credentials: event.target.value as ClinicianUpdate['credentials'] })}
      />
      <StatePicker
        id={`states-${clinician.id}`}
        selected={values.states}
        onChange={(states) => setValues({ ...values, states: states as ClinicianUpdate['states'] })}
        error={problems.states || null}
      />
      <div className="clinician-card__actions">
        <Button type="submit" size="sm" busy={save.isPending} disabled={save.isPending}>
          Save
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onDone(null)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
