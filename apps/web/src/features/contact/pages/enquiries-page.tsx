import { ENQUIRY_STATUSES, messages, type EnquiryStatus } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConsoleSection } from '../../../components/layout/console-section';
import { Button, Card, LoadError, Pager, Spinner } from '../../../components/ui';
import { formatCentral } from '../../../lib/format';
import { enquiryKeys, getEnquiries } from '../api/enquiries';
import { EnquiryStatusTag, ENQUIRY_STATUS_LABELS } from '../components/enquiry-status-tag';
import { EnquiryView } from '../components/enquiry-view';

/**
 * /admin/enquiries: the contact form's enquiries by status, newest first; one opens beside the list
 * (below it on a phone) with its message, its replies and a reply sent by e-mail.
 */
export default function EnquiriesPage() {
  const [status, setStatus] = useState<EnquiryStatus | null>('new');
  const [page, setPage] = useState(0);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useQuery({ queryKey: enquiryKeys.list(status, page), queryFn: ({ signal }) => getEnquiries(status, page, signal) });
  const counts = list.data?.counts;

  function choose(next: EnquiryStatus | null) {
    setStatus(next);
    setPage(0);
  }

  return (
    <ConsoleSection title="Enquiries" intro="Questions sent from the contact page. Opening one is recorded in the audit trail.">
      <div className="console-split">
        <Card title="Inbox" level={2} headingId="enquiries-inbox">
          <div className="row" role="group" aria-label="Show enquiries">
            {[null, ...ENQUIRY_STATUSES].map((value) => (
              <Button
                key={value ?? 'all'}
                size="sm"
                variant={status === value ? 'primary' : 'secondary'}
                aria-pressed={status === value}
                onClick={() => choose(value)}
              >
                {value ? ENQUIRY_STATUS_LABELS[value] : 'All'}
                {value && counts ? ` (${counts[value]})` : ''}
              </Button>
            ))}
          </div>
          {list.isPending && <Spinner label="Loading enquiries…" />}
          {list.isError && <LoadError error={list.error} fallback={messages.enquiriesLoadFailed} onRetry={() => void list.refetch()} />}
          {list.data && list.data.content.length === 0 && <p className="muted">{messages.noEnquiries}</p>}
          {list.data && list.data.content.length > 0 && (
            <div className="console-table-wrap">
              <table className="console-table">
                <thead>
                  <tr>
                    <th scope="col">From</th>
                    <th scope="col">Received</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.content.map((row) => (
                    <tr key={row.id} aria-current={row.id === openId || undefined}>
                      <td data-label="From">
                        <Button variant="link" onClick={() => setOpenId(row.id)} aria-label={`Open the enquiry from ${row.fullName}`}>
                          {row.fullName}
                        </Button>
                        <div className="muted">{row.email}</div>
                      </td>
                      <td data-label="Received">{formatCentral(new Date(row.createdAt))}</td>
                      <td data-label="Status">
                        <EnquiryStatusTag status={row.status} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {list.data && list.data.totalPages > 1 && (
            <Pager label="Enquiry pages" page={page} totalPages={list.data.totalPages} onPage={setPage} />
          )}
        </Card>
        {openId ? <EnquiryView key={openId} id={openId} /> : <p className="muted">Choose an enquiry to read it and reply.</p>}
      </div>
    </ConsoleSection>
  );
}
