import type { EnquiryStatus } from '@app/shared';

const TONE: Record<EnquiryStatus, string> = { new: 'status-tag--warn', answered: 'status-tag--good', closed: 'status-tag--muted' };
export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = { new: 'New', answered: 'Answered', closed: 'Closed' };

/** An enquiry's status as a coloured tag, its word always shown. */
export function EnquiryStatusTag({ status }: { status: EnquiryStatus }) {
  return <span className={`status-tag ${TONE[status]}`}>{ENQUIRY_STATUS_LABELS[status]}</span>;
}
