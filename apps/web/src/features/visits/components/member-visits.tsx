import { formatUsd, messages, VISIT_MODE_LABELS, VISIT_SERVICE_LABELS, VISIT_STATUS_LABELS, type MemberVisit } from '@app/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Card, LoadError, Pager, Spinner } from '../../../components/ui';
import { formatCentral } from '../../../lib/format';
import { useMemberVisits } from '../api/member-visits';

const COVERAGE_LABELS: Record<MemberVisit['coverage'], string> = { membership: 'Membership', 'one-time': 'One-time visit', paid: 'Paid' };

/** 'Cancelled by the patient', or the status's label. */
const statusOf = ({ status, cancelledBy }: MemberVisit) =>
  status === 'cancelled' && cancelledBy ? `Cancelled by the ${cancelledBy}` : VISIT_STATUS_LABELS[status];

/** '4 min', '1 h 5 min', 'Under a minute'; '—' while nobody has claimed it. */
function waitOf(minutes: number | null) {
  if (minutes === null) return '—';
  if (minutes < 1) return 'Under a minute';
  const [hours, rest] = [Math.floor(minutes / 60), minutes % 60];
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const paymentOf = ({ coverage, paidCents }: MemberVisit) =>
  coverage === 'paid' && paidCents !== null ? `Paid, ${formatUsd(paidCents)}` : COVERAGE_LABELS[coverage];

/**
 * A member's visits on their page in the console, newest first, a page at a time: their own and their
 * children's, each with when it was requested (America/Chicago), what and how, where it stands, who took
 * it, the wait for a clinician and what paid for it. Nothing of the patient's health: that is the clinicians'.
 */
export function MemberVisits({ userId }: { userId: string }) {
  // The page belongs to the member: another member's page opens at the first.
  const [paging, setPaging] = useState({ userId, page: 0 });
  const page = paging.userId === userId ? paging.page : 0;
  const visits = useMemberVisits(userId, page);
  const data = visits.data;

  return (
    <Card title="Visits" level={2} headingId="member-visits-title">
      {visits.isPending && <Spinner label="Loading the visits…" />}
      {visits.isError && (
        <LoadError error={visits.error} fallback={messages.memberVisitsLoadFailed} onRetry={() => void visits.refetch()} />
      )}
      {data &&
        (data.totalElements === 0 ? (
          <p className="muted">{messages.noMemberVisits}</p>
        ) : (
          <div aria-busy={visits.isPlaceholderData || undefined}>
            <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="The member's visits">
              <table className="admin-table">
                <caption className="sr-only">This member&apos;s visits and their children&apos;s, newest first, in Central time</caption>
                <thead>
                  <tr>
                    <th scope="col">Requested</th>
                    <th scope="col">Patient</th>
                    <th scope="col">Service</th>
                    <th scope="col">How</th>
                    <th scope="col">Status</th>
                    <th scope="col">Clinician</th>
                    <th scope="col">Wait</th>
                    <th scope="col">Paid by</th>
                  </tr>
                </thead>
                <tbody>
                  {data.content.map((visit) => (
                    <tr key={visit.id}>
                      <th scope="row">
                        <time dateTime={visit.requestedAt}>{formatCentral(new Date(visit.requestedAt))}</time>
                      </th>
                      <td>
                        {visit.patient.id === userId ? (
                          'This member'
                        ) : (
                          <Link to={`/admin/members/${encodeURIComponent(visit.patient.id)}`}>
                            {visit.patient.firstName} {visit.patient.lastName}
                          </Link>
                        )}
                      </td>
                      <td>{VISIT_SERVICE_LABELS[visit.service]}</td>
                      <td>{VISIT_MODE_LABELS[visit.mode]}</td>
                      <td>{statusOf(visit)}</td>
                      <td>{visit.clinician?.name ?? '—'}</td>
                      <td>{waitOf(visit.waitMinutes)}</td>
                      <td>{paymentOf(visit)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {data.totalPages > 1 && (
              <Pager label="Visit pages" page={page} totalPages={data.totalPages} onPage={(next) => setPaging({ userId, page: next })} />
            )}
          </div>
        ))}
    </Card>
  );
}
