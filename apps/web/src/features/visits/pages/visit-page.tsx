import { messages, VISIT_MODE_LABELS, VISIT_SERVICE_LABELS, type PatientVisit } from '@app/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../../components/layout/page-title';
import { Alert, Button, buttonClass, Card, ChunkStyles, LoadError, Spinner } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { VideoCall } from '../../video';
import { useCancelVisit, useVisit } from '../api/visits';
import { useVisitUpdates } from '../use-visit-updates';
import { VisitSummary } from '../components/visit-summary';
import { VisitThread } from '../components/visit-thread';
import visitsCss from './visits.css?inline';

const HEADINGS: Record<PatientVisit['status'], string> = {
  waiting: 'Waiting for a doctor',
  claimed: 'Your doctor is getting ready',
  in_visit: 'In visit',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** /visits/:visitId: the waiting room while the request waits, the visit while it runs, then its summary. */
export default function VisitPage() {
  const { visitId = '' } = useParams();
  const visit = useVisit(visitId);
  useVisitUpdates(visitId, visit.data?.status);
  return (
    <div className="visits">
      <ChunkStyles name="visits" css={visitsCss} />
      <PageTitle>{visit.data ? HEADINGS[visit.data.status] : 'Your visit'}</PageTitle>
      {visit.status === 'pending' && <Spinner label="Loading your visit…" />}
      {visit.status === 'error' && <LoadError error={visit.error} fallback={messages.visitNotFound} onRetry={() => void visit.refetch()} />}
      {visit.data && <VisitView visit={visit.data} />}
      <p>
        <Link to="/visits">All your visits</Link> · <Link to="/profile">Your profile</Link>
      </p>
    </div>
  );
}

function VisitView({ visit }: { visit: PatientVisit }) {
  const cancel = useCancelVisit(visit.id);
  const [confirming, setConfirming] = useState(false);
  const cancellable = visit.status === 'waiting' || visit.status === 'claimed';
  const how = `${VISIT_SERVICE_LABELS[visit.service]} · ${VISIT_MODE_LABELS[visit.mode]} visit`;
  return (
    <div className="stack">
      <section className="visits__status" aria-live="polite" aria-labelledby="visit-status-title">
        <p className="muted">{how}</p>
        <h1 id="visit-status-title">
          {(visit.status === 'waiting' || visit.status === 'claimed') && <span className="visits__pulse" aria-hidden="true" />}
          {HEADINGS[visit.status]}
        </h1>
        {visit.status === 'waiting' && visit.queue && (
          <dl className="visits__figures">
            <div>
              <dt>Your place in line</dt>
              <dd>{visit.queue.position}</dd>
            </div>
            <div>
              <dt>Estimated wait</dt>
              <dd>about {visit.queue.estimatedWaitMinutes} min</dd>
            </div>
          </dl>
        )}
        {visit.status === 'waiting' && <p>Keep this page open: it updates by itself. We'll also e-mail you when your doctor is ready.</p>}
        {visit.clinician && (
          <div className="visits__doctor">
            <div>
              <strong>{visit.clinician.name}</strong>
              <div className="muted">NPI {visit.clinician.npi}</div>
            </div>
          </div>
        )}
        {visit.status === 'claimed' && visit.mode === 'phone' && (
          <p>Your doctor will call you at the number you gave. Keep your phone close.</p>
        )}
        {visit.status === 'in_visit' && visit.mode === 'phone' && <p>Your doctor is calling you now.</p>}
        {visit.status === 'cancelled' && <p>This request was cancelled. You can request a new visit at any time.</p>}
        {visit.status === 'cancelled' && (
          <div>
            <Link to="/visits/new" className={buttonClass('primary')}>
              Request a visit
            </Link>
          </div>
        )}
        {cancellable && !confirming && (
          <div>
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Cancel request
            </Button>
          </div>
        )}
        {cancellable && confirming && (
          <Alert tone="warning">
            <p>Cancel this request? You'll lose your place in line.</p>
            <div className="row">
              <Button onClick={() => cancel.mutate(undefined, { onSettled: () => setConfirming(false) })} busy={cancel.isPending}>
                Yes, cancel it
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Keep waiting
              </Button>
            </div>
          </Alert>
        )}
        {cancel.isError && <Alert tone="error">{failureMessage(cancel.error, messages.genericError)}</Alert>}
      </section>

      {visit.mode === 'video' && (visit.status === 'claimed' || visit.status === 'in_visit') && (
        <VideoCall visitId={visit.id} side="patient" />
      )}
      {(visit.mode === 'message' || visit.status === 'in_visit') && visit.status !== 'waiting' && visit.status !== 'cancelled' && (
        <Card>
          <VisitThread visitId={visit.id} open={visit.status === 'claimed' || visit.status === 'in_visit'} />
        </Card>
      )}
      {visit.summary && (
        <Card title="Visit summary" headingId="visit-summary-title">
          <VisitSummary visit={visit} summary={visit.summary} />
        </Card>
      )}
      {visit.status === 'completed' && !visit.summary && <p className="muted">Your doctor is finishing the summary of this visit.</p>}
    </div>
  );
}
