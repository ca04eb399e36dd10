import { messages } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, ChunkStyles, LoadError, Spinner } from '../../../components/ui';
import { authFailureOf } from '../../../lib/api-failure';
import { getClinicians } from '../api/clinicians';
import { clinicianKeys } from '../api/keys';
import cliniciansCss from '../clinicians.css?inline';
import { ClinicianCard } from './clinician-card';
import { InviteClinicianForm } from './invite-clinician-form';

/** The Clinicians tab: every clinician with their licence and status, and the invitation form. */
export function CliniciansPanel() {
  const list = useQuery({ queryKey: clinicianKeys.list, queryFn: ({ signal }) => getClinicians(signal) });
  const clinicians = list.data?.clinicians ?? [];
  return (
    <div className="admin__stack">
      <ChunkStyles name="clinicians" css={cliniciansCss} />
      <Card title="Clinicians" level={2} headingId="admin-clinicians-title">
        {list.isPending && <Spinner label="Loading clinicians…" />}
        {list.isError && !authFailureOf(list.error) && (
          <LoadError error={list.error} fallback={messages.genericError} onRetry={() => void list.refetch()} />
        )}
        {list.isSuccess && clinicians.length === 0 && <p className="admin-empty">{messages.noClinicians}</p>}
        {clinicians.length > 0 && (
          <ul className="clinician-list" aria-label="Clinicians">
            {clinicians.map((clinician) => (
              <ClinicianCard key={clinician.id} clinician={clinician} />
            ))}
          </ul>
        )}
      </Card>
      <InviteClinicianForm />
    </div>
  );
}
