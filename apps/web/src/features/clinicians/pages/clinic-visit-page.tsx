import { messages, releaseSchema, VISIT_MODE_LABELS, VISIT_SERVICE_LABELS, type ClinicianVisit } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../../components/layout/page-title';
import { Alert, Button, Card, ChunkStyles, LoadError, Spinner, TextAreaField } from '../../../components/ui';
import { authFailureOf, failureMessage } from '../../../lib/api-failure';
import { useEndSession } from '../../auth';
import { VideoCall } from '../../video';
import { getClinicVisit, releaseVisit, startVisit } from '../api/clinic';
import { clinicianKeys } from '../api/keys';
import { useLiveVisit } from '../api/use-live';
import { ClinicThread } from '../components/clinic-thread';
import { NoteCard } from '../components/note-editor';
import { PatientPanel } from '../components/patient-panel';
import cliniciansCss from '../clinicians.css?inline';

const STATUS_LABELS: Record<ClinicianVisit['status'], string> = {
  waiting: 'Back in the queue',
  claimed: 'Claimed',
  in_visit: 'In visit',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/**
 * /clinic/visits/:visitId, the visit workspace: the patient and their history on the left, the note on
 * the right (one column on a phone). The visit's event stream keeps it current, so a patient's
 * cancellation shows at once.
 */
export default function ClinicVisitPage() {
  const { visitId = '' } = useParams();
  const queryClient = useQueryClient();
  const endSession = useEndSession();
  const visit = useQuery({ queryKey: clinicianKeys.visit(visitId), queryFn: ({ signal }) => getClinicVisit(visitId, signal) });
  const status = visit.data?.status;
  useLiveVisit(visitId, status === 'claimed' || status === 'in_visit');
  const failure = authFailureOf(visit.error);

  useEffect(() => {
    if (failure === 401) endSession();
  }, [failure, endSession]);
  // The patient's record leaves memory with the page.
  useEffect(() => () => queryClient.removeQueries({ queryKey: clinicianKeys.visit(visitId) }), [queryClient, visitId]);

  const data = visit.data;
  const title = data ? `${data.patient.firstName} ${data.patient.lastName}` : 'Visit';
  return (
    <div className="clinic workspace">
      <ChunkStyles name="clinicians" css={cliniciansCss} />
      <PageTitle>{`${title} · Clinic`}</PageTitle>
      <p className="workspace__back">
        <Link to="/clinic">← Queue and your visits</Link>
      </p>
      {visit.isPending && <Spinner label="Opening the visit…" />}
      {visit.isError && failure !== 401 && (
        <LoadError error={visit.error} fallback={messages.visitNotFound} onRetry={() => void visit.refetch()} />
      )}
      {data && <Workspace visit={data} />}
    </div>
  );
}

function Workspace({ visit }: { visit: ClinicianVisit }) {
  const queryClient = useQueryClient();
  const store = (answer: ClinicianVisit) => queryClient.setQueryData(clinicianKeys.visit(answer.id), answer);
  const start = useMutation({ mutationFn: () => startVisit(visit.id), onSuccess: store });
  const held = visit.status === 'claimed' || visit.status === 'in_visit';
  const cancelledByPatient = visit.status === 'cancelled' && visit.cancelledBy === 'patient';
  return (
    <>
      <header className="workspace__header">
        <div>
          <p className="workspace__eyebrow">
            {VISIT_SERVICE_LABELS[visit.service]} · {VISIT_MODE_LABELS[visit.mode]} visit
          </p>
          <h1>
            {visit.patient.firstName} {visit.patient.lastName}
          </h1>
        </div>
        <span className={`clinic__status clinic__status--${visit.status}`} aria-live="polite">
          {STATUS_LABELS[visit.status]}
        </span>
      </header>
      {cancelledByPatient && (
        <Alert tone="warning" title="The patient cancelled this request">
          <p>{messages.clinicPatientCancelled} Nothing more can be added to it.</p>
        </Alert>
      )}
      {visit.status === 'cancelled' && !cancelledByPatient && <Alert tone="info">This visit was cancelled.</Alert>}
      {held && (
        <div className="workspace__bar">
          {visit.status === 'claimed' && (
            <Button onClick={() => start.mutate()} busy={start.isPending} disabled={start.isPending}>
              Start visit
            </Button>
          )}
          {visit.status === 'in_visit' && <p className="workspace__live">In visit{visit.mode === 'phone' ? ': call the patient' : ''}</p>}
          {visit.status === 'claimed' && <HandBack visitId={visit.id} />}
        </div>
      )}
      {start.isError && <Alert tone="error">{failureMessage(start.error, messages.genericError)}</Alert>}
      <div className="workspace__columns">
        <div className="workspace__left stack">
          {visit.mode === 'video' && held && <VideoCall visitId={visit.id} side="clinician" />}
          <PatientPanel visit={visit} />
        </div>
        <div className="workspace__right stack">
          {visit.mode === 'message' && visit.status !== 'waiting' && (
            <Card>
              <ClinicThread visitId={visit.id} open={held} />
            </Card>
          )}
          {(held || visit.signedAt) && <NoteCard visit={visit} />}
        </div>
      </div>
    </>
  );
}

/** "Hand back to queue", with the reason the server requires, asked for in the page. */
function HandBack({ visitId }: { visitId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const release = useMutation({
    mutationFn: (value: string) => releaseVisit(visitId, value),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: clinicianKeys.queue });
      void queryClient.invalidateQueries({ queryKey: clinicianKeys.desk });
      void navigate('/clinic', { state: { flash: { message: messages.clinicVisitReleased } } });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = releaseSchema.safeParse({ reason });
    if (!result.success) {
      setProblem(result.error.issues[0]?.message ?? messages.releaseReasonRequired);
      return;
    }
    release.mutate(result.data.reason);
  }

  if (!asking) {
    return (
      <Button variant="secondary" onClick={() => setAsking(true)}>
        Hand back to queue
      </Button>
    );
  }
  return (
    <form className="workspace__handback stack" aria-label="Hand back to queue" noValidate onSubmit={submit}>
      <TextAreaField
        id="release-reason"
        label="Why are you handing this request back?"
        hint="Kept with the visit; the patient keeps their place in line."
        rows={2}
        value={reason}
        error={problem}
        onChange={(e) => {
          setReason(e.target.value);
          setProblem(null);
        }}
      />
      {release.isError && <Alert tone="error">{failureMessage(release.error, messages.genericError)}</Alert>}
      <div className="row">
        <Button type="submit" busy={release.isPending} disabled={release.isPending}>
          Hand back to queue
        </Button>
        <Button variant="ghost" onClick={() => setAsking(false)}>
          Keep the visit
        </Button>
      </div>
    </form>
  );
}
