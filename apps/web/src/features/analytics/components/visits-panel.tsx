import { messages, VISIT_SERVICE_LABELS, VISIT_SERVICES, type VisitAnalytics } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, LoadError, Spinner, StatList } from '../../../components/ui';
import { getVisitAnalytics } from '../api/analytics';
import { analyticsKeys } from '../api/keys';

const count = (value: number) => value.toLocaleString('en-US');
const minutes = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('en-US')} min`);

/** Visits requested per day, one column per service: the days with none included, so a quiet day shows. */
function PerDayTable({ visits }: { visits: VisitAnalytics }) {
  return (
    <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Visits per day">
      <table className="admin-table">
        <caption className="sr-only">
          Visits requested per day and service from {visits.from} to {visits.to} (America/Chicago)
        </caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {VISIT_SERVICES.map((service) => (
              <th key={service} scope="col">
                {VISIT_SERVICE_LABELS[service]}
              </th>
            ))}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {visits.days.map(({ day, byService }) => (
            <tr key={day}>
              <th scope="row">{day}</th>
              {VISIT_SERVICES.map((service) => (
                <td key={service}>{count(byService[service])}</td>
              ))}
              <td>{count(VISIT_SERVICES.reduce((sum, service) => sum + byService[service], 0))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CliniciansTable({ clinicians }: { clinicians: VisitAnalytics['clinicians'] }) {
  if (clinicians.length === 0) return <p>{messages.noVisitsClosed}</p>;
  return (
    <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Visits completed per clinician">
      <table className="admin-table">
        <caption className="sr-only">Visits each clinician completed in the last 30 days</caption>
        <thead>
          <tr>
            <th scope="col">Clinician</th>
            <th scope="col">Credentials</th>
            <th scope="col">Completed visits</th>
          </tr>
        </thead>
        <tbody>
          {clinicians.map((clinician) => (
            <tr key={clinician.id}>
              <th scope="row">{clinician.name}</th>
              <td>{clinician.credentials}</td>
              <td>{count(clinician.closed)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The visits of the last 30 days: the wait for a clinician, how visits ended, who completed them, and requests per day. */
export function VisitsPanel() {
  const visits = useQuery({ queryKey: analyticsKeys.visits, queryFn: ({ signal }) => getVisitAnalytics(signal) });
  return (
    <Card title="Visits, last 30 days" level={2} headingId="admin-visits-title">
      {visits.isPending && <Spinner label="Loading visit figures…" />}
      {visits.isError && (
        <LoadError error={visits.error} fallback={messages.visitAnalyticsLoadFailed} onRetry={() => void visits.refetch()} />
      )}
      {visits.data && (
        <>
          <StatList
            items={[
              ['Median wait', minutes(visits.data.wait.medianMinutes)],
              ['90th-percentile wait', minutes(visits.data.wait.p90Minutes)],
              ['Completed', count(visits.data.completed)],
              ['Cancelled', count(visits.data.cancelled)],
            ]}
          />
          <p>{messages.visitWaitDefinition}</p>
          <CliniciansTable clinicians={visits.data.clinicians} />
          <details className="admin-details">
            <summary>Show visits per day and service</summary>
            <PerDayTable visits={visits.data} />
          </details>
        </>
      )}
    </Card>
  );
}
