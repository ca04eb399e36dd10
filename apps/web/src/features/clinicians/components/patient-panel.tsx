import {
  formatPhone,
  messages,
  SYMPTOMS_SINCE_LABELS,
  usStateName,
  VISIT_MODE_LABELS,
  VISIT_SERVICE_LABELS,
  type ClinicianVisit,
} from '@app/shared';
import { Card, Facts } from '../../../components/ui';
import { formatCentral } from '../../../lib/format';

const listed = (items: string[], none: string) => (items.length === 0 ? <span className="muted">{none}</span> : items.join(', '));

/** A date of birth (YYYY-MM-DD) as US readers write it, without a time zone moving the day. */
function formatDob(dob: string) {
  const [year, month, day] = dob.split('-');
  return year && month && day ? `${month}/${day}/${year}` : dob;
}

/** The left column of the workspace: who the patient is, what they asked for, their history as it was, and past visits. */
export function PatientPanel({ visit }: { visit: ClinicianVisit }) {
  const { patient, history } = visit;
  const phone = visit.callbackPhone;
  return (
    <div className="stack">
      <Card title="Patient" headingId="patient-title">
        <Facts
          items={[
            ['Name', `${patient.firstName} ${patient.lastName}`],
            ['Age', patient.age === null ? null : `${patient.age} years`],
            ['Date of birth', patient.dob ? formatDob(patient.dob) : null],
            // A child's visit: the parent or guardian who asked for it is the one to speak with.
            ['Parent or guardian', visit.guardian ? `${visit.guardian.firstName} ${visit.guardian.lastName}` : null],
            ['Located in', usStateName(visit.state)],
            [
              'Callback phone',
              phone ? (
                <a href={`tel:+1${phone.replace(/\D/g, '').slice(-10)}`} className="workspace__phone">
                  {formatPhone(phone)}
                </a>
              ) : null,
            ],
          ]}
        />
      </Card>
      <Card title="Request" headingId="request-title">
        <Facts
          items={[
            ['Service', VISIT_SERVICE_LABELS[visit.service]],
            ['How they meet', VISIT_MODE_LABELS[visit.mode]],
            ['Requested', formatCentral(new Date(visit.requestedAt))],
            ['Symptoms', <span className="workspace__symptoms">{visit.symptoms}</span>],
            ['Since', SYMPTOMS_SINCE_LABELS[visit.since]],
          ]}
        />
      </Card>
      <Card title="Health history" headingId="history-title">
        {history ? (
          <>
            {visit.historySavedAt && <p className="muted workspace__small">As saved {formatCentral(new Date(visit.historySavedAt))}</p>}
            <Facts
              items={[
                [
                  'Allergies',
                  history.noKnownAllergies || history.allergies.length === 0 ? (
                    <strong>{messages.noKnownAllergies}</strong>
                  ) : (
                    <strong className="workspace__allergies">{history.allergies.join(', ')}</strong>
                  ),
                ],
                [
                  'Medications',
                  listed(
                    history.medications.map((m) => (m.dose ? `${m.name} ${m.dose}` : m.name)),
                    'None',
                  ),
                ],
                ['Conditions', listed(history.conditions, 'None')],
                [
                  'Surgeries',
                  listed(
                    history.surgeries.map((s) => `${s.name} (${s.year})`),
                    'None',
                  ),
                ],
                [
                  'Pharmacy',
                  history.pharmacy ? (
                    `${history.pharmacy.name}, ${formatPhone(history.pharmacy.phone)}${history.pharmacy.address ? `, ${history.pharmacy.address}` : ''}`
                  ) : (
                    <span className="muted">None on file</span>
                  ),
                ],
              ]}
            />
          </>
        ) : (
          <p className="muted">The patient had not filled in a health history.</p>
        )}
      </Card>
      <Card title="Past visits" headingId="past-title">
        {visit.pastVisits.length === 0 && <p className="muted">No earlier visits.</p>}
        {visit.pastVisits.map((past) => (
          <details key={past.id} className="workspace__past">
            <summary>
              {VISIT_SERVICE_LABELS[past.service]} · {formatCentral(new Date(past.requestedAt))}
              {past.clinician ? ` · ${past.clinician}` : ''}
            </summary>
            <Facts
              items={[
                ['Assessment', past.summary.note.assessment],
                ['Plan', past.summary.note.plan],
                [
                  'Prescriptions',
                  past.summary.note.prescriptions.length === 0
                    ? 'None'
                    : past.summary.note.prescriptions.map((rx) => `${rx.drug} ${rx.strength}`).join('; '),
                ],
                ['Follow-up', past.summary.note.followUp],
              ]}
            />
          </details>
        ))}
      </Card>
    </div>
  );
}
