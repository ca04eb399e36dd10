import { formatPhone, VISIT_SERVICE_LABELS, type PatientVisit } from '@app/shared';
import { formatCentral } from '../../../lib/format';
import { DownloadSummaryButton } from './download-summary-button';

type Summary = NonNullable<PatientVisit['summary']>;

/** A signed visit summary as its patient reads it: the doctor, reason, assessment, plan, prescriptions and follow-up. */
export function VisitSummary({ visit, summary }: { visit: PatientVisit; summary: Summary }) {
  const { note, pharmacy } = summary;
  return (
    <section className="visits__summary stack" aria-label="Visit summary">
      <dl>
        <div>
          <dt>Date</dt>
          <dd>{formatCentral(new Date(visit.startedAt ?? visit.requestedAt))}</dd>
        </div>
        {visit.clinician && (
          <div>
            <dt>Doctor</dt>
            <dd>
              {visit.clinician.name} · NPI {visit.clinician.npi}
            </dd>
          </div>
        )}
        <div>
          <dt>Reason</dt>
          <dd>
            {VISIT_SERVICE_LABELS[visit.service]}: {visit.symptoms}
          </dd>
        </div>
        {note.assessment && (
          <div>
            <dt>Assessment</dt>
            <dd>{note.assessment}</dd>
          </div>
        )}
        {note.plan && (
          <div>
            <dt>Plan</dt>
            <dd>{note.plan}</dd>
          </div>
        )}
        <div>
          <dt>Prescriptions</dt>
          <dd>
            {note.prescriptions.length === 0 ? (
              'None'
            ) : (
              <ul className="visits__rx">
                {note.prescriptions.map((rx, index) => (
                  <li key={index}>
                    <strong>
                      {rx.drug} {rx.strength}
                    </strong>
                    : {rx.directions}. Quantity {rx.quantity},{' '}
                    {rx.refills === 0 ? 'no refills' : `${rx.refills} refill${rx.refills > 1 ? 's' : ''}`}.
                  </li>
                ))}
              </ul>
            )}
            {note.prescriptions.length > 0 && pharmacy && (
              <p className="muted">
                Sent to {pharmacy.name}, {formatPhone(pharmacy.phone)}
                {pharmacy.address ? `, ${pharmacy.address}` : ''}.
              </p>
            )}
          </dd>
        </div>
        {note.followUp && (
          <div>
            <dt>Follow-up</dt>
            <dd>{note.followUp}</dd>
          </div>
        )}
        {summary.addenda.map((addendum, index) => (
          <div key={index}>
            <dt>
              Addendum by {addendum.author}, {formatCentral(new Date(addendum.addedAt))}
            </dt>
            <dd>{addendum.text}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">Signed {formatCentral(new Date(summary.signedAt))}. Kept in your record for 7 years.</p>
      <div>
        <DownloadSummaryButton visitId={visit.id} date={visit.requestedAt} />
      </div>
    </section>
  );
}
