import { messages, usStateName, VISIT_MODE_LABELS, VISIT_SERVICE_LABELS, VISIT_STATUS_LABELS } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadError, Spinner } from '../../../components/ui';
import { formatCentral } from '../../../lib/format';
import { getDesk } from '../api/clinic';
import { clinicianKeys } from '../api/keys';

/** "Your visits": those the clinician holds now, to open, and those they closed lately. */
export function ClinicDesk() {
  const desk = useQuery({ queryKey: clinicianKeys.desk, queryFn: ({ signal }) => getDesk(signal) });
  const open = desk.data?.open ?? [];
  const closed = desk.data?.closed ?? [];
  return (
    <section aria-labelledby="desk-title" className="clinic__panel">
      <h2 id="desk-title">Your visits</h2>
      {desk.isPending && <Spinner label="Reading your visits…" />}
      {desk.isError && <LoadError error={desk.error} fallback={messages.genericError} onRetry={() => void desk.refetch()} />}
      {desk.data && open.length === 0 && closed.length === 0 && <p className="clinic__empty">{messages.clinicDeskEmpty}</p>}
      {open.length > 0 && (
        <>
          <h3 className="clinic__subhead">Open</h3>
          <ul className="clinic__desk" aria-label="Open visits">
            {open.map((visit) => (
              <li key={visit.id}>
                <Link to={`/clinic/visits/${encodeURIComponent(visit.id)}`} className="clinic__desk-link">
                  <strong>{visit.patientName}</strong>
                  <span className="clinic__request-meta">
                    {VISIT_SERVICE_LABELS[visit.service]} · {VISIT_MODE_LABELS[visit.mode]} · {usStateName(visit.state)}
                  </span>
                </Link>
                <span className={`clinic__status clinic__status--${visit.status}`}>{VISIT_STATUS_LABELS[visit.status]}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {closed.length > 0 && (
        <>
          <h3 className="clinic__subhead">Recently closed</h3>
          <ul className="clinic__desk" aria-label="Recently closed visits">
            {closed.map((visit) => (
              <li key={visit.id}>
                <Link to={`/clinic/visits/${encodeURIComponent(visit.id)}`} className="clinic__desk-link">
                  <strong>{visit.patientName}</strong>
                  <span className="clinic__request-meta">
                    {VISIT_SERVICE_LABELS[visit.service]} · {visit.endedAt ? formatCentral(new Date(visit.endedAt)) : '—'}
                  </span>
                </Link>
                <span className={`clinic__status clinic__status--${visit.status}`}>{VISIT_STATUS_LABELS[visit.status]}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
