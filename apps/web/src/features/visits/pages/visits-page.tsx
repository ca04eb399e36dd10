import { messages, VISIT_MODE_LABELS, VISIT_SERVICE_LABELS, type PatientVisit } from '@app/shared';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/layout/page-title';
import { buttonClass, Card, ChunkStyles, LoadError, Spinner } from '../../../components/ui';
import { formatCentral } from '../../../lib/format';
import { useMyVisits } from '../api/visits';
import { VisitSummary } from '../components/visit-summary';
import visitsCss from './visits.css?inline';

const STATUS_WORDS: Record<PatientVisit['status'], string> = {
  waiting: 'Waiting for a doctor',
  claimed: 'Doctor getting ready',
  in_visit: 'In visit',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** /visits: the patient's record and their children's, every visit with whom it was for and its summary once signed. */
export default function VisitsPage() {
  const visits = useMyVisits();
  return (
    <div className="visits">
      <ChunkStyles name="visits" css={visitsCss} />
      <PageTitle>Your visits</PageTitle>
      <header className="visits__header">
        <h1>Your visits</h1>
        <p className="muted">Every visit with its summary, kept in your record for 7 years.</p>
      </header>
      <p className="row">
        <Link to="/visits/new" className={buttonClass('primary')}>
          Request a visit
        </Link>
        <Link to="/health-history" className={buttonClass('secondary')}>
          Your health history
        </Link>
      </p>
      {visits.status === 'pending' && <Spinner label="Loading your visits…" />}
      {visits.status === 'error' && (
        <LoadError error={visits.error} fallback={messages.genericError} onRetry={() => void visits.refetch()} />
      )}
      {visits.data?.length === 0 && <p className="muted">No visits yet. When you see a doctor, the summary appears here.</p>}
      {visits.data && visits.data.length > 0 && (
        <ul className="visits__list">
          {visits.data.map((visit) => (
            <li key={visit.id}>
              <Card
                title={`${VISIT_SERVICE_LABELS[visit.service]} · ${formatCentral(new Date(visit.requestedAt))}`}
                headingId={`visit-${visit.id}`}
              >
                <div className="stack">
                  <p className="muted">
                    For {visit.patient.firstName} {visit.patient.lastName} · {STATUS_WORDS[visit.status]} · {VISIT_MODE_LABELS[visit.mode]}
                    {visit.clinician ? ` · ${visit.clinician.name}` : ''}
                  </p>
                  {visit.summary ? (
                    <VisitSummary visit={visit} summary={visit.summary} />
                  ) : (
                    <Link to={`/visits/${visit.id}`}>Open this visit</Link>
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
