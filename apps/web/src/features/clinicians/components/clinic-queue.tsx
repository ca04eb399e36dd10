import { messages, usStateName, VISIT_MODE_LABELS, VISIT_SERVICE_LABELS } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert, Button, LoadError, Spinner } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/api-failure';
import { claimVisit, getQueue, type QueueItem } from '../api/clinic';
import { clinicianKeys } from '../api/keys';
import { minutesSince, useLiveQueue, useNow } from '../api/use-live';

const waited = (minutes: number) => (minutes < 1 ? 'under a minute' : `${minutes} min`);

/**
 * The requests the clinician may claim, oldest first, kept current by the queue's event stream. A
 * request shows what it is for, never who asks. Claiming opens the visit; a request another
 * clinician took first (409) says so and the queue is read again.
 */
export function ClinicQueue({ onDuty }: { onDuty: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const queue = useQuery({ queryKey: clinicianKeys.queue, queryFn: ({ signal }) => getQueue(signal), enabled: onDuty });
  useLiveQueue(onDuty);
  const now = useNow();
  const claim = useMutation({
    mutationFn: claimVisit,
    onSuccess: (visit) => {
      queryClient.setQueryData(clinicianKeys.visit(visit.id), visit);
      void queryClient.invalidateQueries({ queryKey: clinicianKeys.desk });
      void navigate(`/clinic/visits/${encodeURIComponent(visit.id)}`);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: clinicianKeys.queue });
    },
  });

  if (!onDuty) {
    return (
      <section aria-labelledby="queue-title" className="clinic__panel">
        <h2 id="queue-title">Queue</h2>
        <p className="clinic__empty">{messages.clinicQueueOffDuty}</p>
      </section>
    );
  }
  const requests = queue.data?.requests ?? [];
  return (
    <section aria-labelledby="queue-title" className="clinic__panel">
      <div className="clinic__panel-head">
        <h2 id="queue-title">Queue</h2>
        {queue.data && (
          <span className="clinic__count" aria-live="polite">
            {requests.length === 1 ? '1 waiting' : `${requests.length} waiting`}
          </span>
        )}
      </div>
      {claim.isError && <Alert tone="error">{failureMessage(claim.error, messages.genericError)}</Alert>}
      {queue.isPending && <Spinner label="Reading the queue…" />}
      {queue.isError && <LoadError error={queue.error} fallback={messages.genericError} onRetry={() => void queue.refetch()} />}
      {queue.data && requests.length === 0 && <p className="clinic__empty">{messages.clinicQueueEmpty}</p>}
      {requests.length > 0 && (
        <ol className="clinic__requests" aria-label="Waiting requests">
          {requests.map((request) => (
            <QueueRow
              key={request.id}
              request={request}
              minutes={minutesSince(request.requestedAt, now)}
              busy={claim.isPending && claim.variables === request.id}
              disabled={claim.isPending}
              onClaim={() => claim.mutate(request.id)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function QueueRow(props: { request: QueueItem; minutes: number; busy: boolean; disabled: boolean; onClaim: () => void }) {
  const { request, minutes } = props;
  const service = VISIT_SERVICE_LABELS[request.service];
  return (
    <li className="clinic__request">
      <div className="clinic__request-main">
        <strong>{service}</strong>
        <span className="clinic__request-meta">
          {usStateName(request.state)} · {request.age === null ? 'Age not given' : `${request.age} y`} · {VISIT_MODE_LABELS[request.mode]}
        </span>
      </div>
      <span className={`clinic__wait${minutes >= 15 ? ' clinic__wait--long' : ''}`}>
        Waiting <strong>{waited(minutes)}</strong>
      </span>
      <Button
        size="sm"
        onClick={props.onClaim}
        disabled={props.disabled}
        busy={props.busy}
        aria-label={`Claim ${service}, ${request.state}, waiting ${waited(minutes)}`}
      >
        Claim
      </Button>
    </li>
  );
}
