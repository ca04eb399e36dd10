import { messages, usStateName } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageTitle } from '../../../components/layout/page-title';
import { Alert, Button, ChunkStyles, LoadError, Spinner } from '../../../components/ui';
import { authFailureOf, failureMessage } from '../../../lib/api-failure';
import { brand } from '../../../lib/brand';
import { logout, useEndSession } from '../../auth';
import { getClinicSelf, setDuty } from '../api/clinicians';
import { ClinicDesk } from '../components/clinic-desk';
import { ClinicQueue } from '../components/clinic-queue';
import { clinicianKeys } from '../api/keys';
import cliniciansCss from '../clinicians.css?inline';

/**
 * /clinic, the clinician's desk: who is signed in, their licence, the on-duty switch, and the queue's
 * queue with the clinician's visits. A session that ended (401) goes to sign in; a clinician whose access is off (403) reads why.
 */
export default function ClinicPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const endSession = useEndSession();
  const switchLabel = useId();
  const flash = (useLocation().state as { flash?: { message?: string } } | null)?.flash?.message;
  const self = useQuery({ queryKey: clinicianKeys.self, queryFn: ({ signal }) => getClinicSelf(signal) });
  const duty = useMutation({
    mutationFn: setDuty,
    onSuccess: (answer) => {
      queryClient.setQueryData(clinicianKeys.self, answer);
      void queryClient.invalidateQueries({ queryKey: clinicianKeys.queue });
    },
  });
  const failure = authFailureOf(self.error) ?? authFailureOf(duty.error);

  useEffect(() => {
    if (failure === 401) endSession();
  }, [failure, endSession]);

  // The clinician's details leave memory with the page, at sign-out or when the session ends.
  useEffect(() => () => queryClient.removeQueries({ queryKey: clinicianKeys.all }), [queryClient]);

  async function signOut() {
    await logout();
    void navigate('/login', { replace: true });
  }

  const me = self.data;
  const onDuty = me?.onDuty ?? false;

  return (
    <div className="clinic">
      <ChunkStyles name="clinicians" css={cliniciansCss} />
      <PageTitle>Clinic</PageTitle>
      <div className="clinic__mobile-brand">{brand.name}</div>
      <header className="clinic__header">
        <div>
          <h1>Clinic</h1>
          {me && (
            <>
              <p className="clinic__who">
                {me.firstName} {me.lastName}, {me.credentials}
              </p>
              <p className="clinic__licence">
                NPI {me.npi} · Licensed in {me.states.map(usStateName).join(', ')}
              </p>
            </>
          )}
        </div>
        <Button variant="secondary" size="sm" className="clinic__signout" onClick={signOut}>
          Sign Out
        </Button>
      </header>
      {self.isPending && <Spinner label="Opening the clinic…" />}
      {self.isError && failure !== 401 && (
        <LoadError error={self.error} fallback={messages.genericError} onRetry={() => void self.refetch()} />
      )}
      {flash && <Alert tone="success">{flash}</Alert>}
      {me && (
        <>
          <div className="clinic__duty">
            <div>
              <span className="clinic__duty-label" id={switchLabel}>
                On duty
              </span>
              <p className="clinic__duty-status" aria-live="polite">
                {onDuty ? messages.clinicOnDuty : messages.clinicOffDuty}
              </p>
            </div>
            <button
              type="button"
              role="switch"
              className="switch"
              aria-checked={onDuty}
              aria-labelledby={switchLabel}
              disabled={duty.isPending}
              onClick={() => duty.mutate(!onDuty)}
            />
          </div>
          {duty.isError && failure !== 401 && <Alert tone="error">{failureMessage(duty.error, messages.genericError)}</Alert>}
          <div className="clinic__columns">
            <ClinicQueue onDuty={onDuty} />
            <ClinicDesk />
          </div>
        </>
      )}
    </div>
  );
}
