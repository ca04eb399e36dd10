import { toMinorUnits, formatUsd, messages } from '@app/shared';
import { useMutation, type UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Spinner } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { downloadFile } from '../../../lib/download';
import type { PaymentRecord } from '../api/get-payments';
import { formatApiDate } from '../format';
import { CardBrandLogo, toCardBrand } from './card-brand-logo';

const STATUS: Record<PaymentRecord['status'], { label: string; tone: string }> = {
  succeeded: { label: 'Paid', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  pending: { label: 'Pending', tone: 'neutral' },
  // Charged while the membership changed (cancelled, another plan), and given back.
  voided: { label: 'Refunded', tone: 'muted' },
};

function statusOf(payment: PaymentRecord) {
  // A refund is money given back: it went through when the gateway gave it.
  if (payment.kind === 'refund' && payment.status === 'succeeded') return { label: 'Refunded', tone: 'muted' };
  return STATUS[payment.status] ?? { label: String(payment.status), tone: 'muted' };
}

/** "Download receipt" (a refund's too) and a year's statement: PDFs fetched with the session, for an HSA or FSA claim. */
function useDownload() {
  return useMutation({ mutationFn: ({ path, fileName }: { path: string; fileName: string }) => downloadFile(path, fileName) });
}

/** The US Central years of the payments that went through, newest first. */
const paidYears = (payments: PaymentRecord[]) =>
  [...new Set(payments.filter((p) => p.status === 'succeeded').map((p) => p.date.slice(0, 4)))].sort().reverse();

function amountOf(payment: PaymentRecord) {
  const amount = formatUsd(toMinorUnits(Number(payment.amount) || 0));
  return payment.currency && payment.currency.toUpperCase() !== 'USD' ? `${amount} ${payment.currency.toUpperCase()}` : amount;
}

export interface PaymentHistoryProps {
  state: UseQueryResult<PaymentRecord[]>;
}

/** The patient's payments (GET /api/users/me/payments): date, plan, amount, card, status. */
export function PaymentHistory({ state }: PaymentHistoryProps) {
  const download = useDownload();
  return (
    <section className="payment-history" aria-labelledby="payment-history-title">
      <h3 id="payment-history-title" className="payment-history__title">
        Payment history
      </h3>
      {state.status === 'pending' && (
        <p className="payment-history__loading">
          <Spinner label="Loading payments…" />
        </p>
      )}
      {state.status === 'error' && (
        <div className="payment-history__empty" role="status">
          <p>{messages.paymentHistoryFailed}</p>
          <Button variant="secondary" size="sm" onClick={() => void state.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {state.status === 'success' && state.data.length === 0 && (
        <div className="payment-history__empty">
          <p className="payment-history__empty-title">No payments yet</p>
          <p className="muted">Your receipts will appear here after your first payment.</p>
        </div>
      )}
      {state.status === 'success' && state.data.length > 0 && (
        <div className="payment-history__scroll">
          <table className="payment-table" role="table">
            <thead role="rowgroup">
              <tr role="row">
                <th scope="col" role="columnheader">
                  Date
                </th>
                <th scope="col" role="columnheader">
                  Plan
                </th>
                <th scope="col" role="columnheader">
                  Amount
                </th>
                <th scope="col" role="columnheader">
                  Card
                </th>
                <th scope="col" role="columnheader">
                  Status
                </th>
                <th scope="col" role="columnheader">
                  <span className="sr-only">Receipt</span>
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {state.data.map((payment) => {
                const status = statusOf(payment);
                const brand = toCardBrand(payment.cardBrand);
                return (
                  <tr key={payment.id} role="row">
                    <td role="cell" data-label="Date">
                      {formatApiDate(payment.date, 'medium') ?? '—'}
                    </td>
                    <td role="cell" data-label="Plan">
                      {payment.planName}
                      {payment.kind === 'renewal' && <span className="payment-table__kind"> · Renewal</span>}
                      {payment.kind === 'refund' && <span className="payment-table__kind"> · Refund</span>}
                    </td>
                    <td role="cell" data-label="Amount" className="payment-table__amount">
                      {amountOf(payment)}
                    </td>
                    <td role="cell" data-label="Card">
                      {payment.cardLast4 ? (
                        <span className="payment-table__card">
                          {brand && <CardBrandLogo brand={brand} className="card-logo--xs" decorative />}
                          {brand ?? payment.cardBrand ?? 'Card'} •••• {payment.cardLast4}
                        </span>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td role="cell" data-label="Status">
                      <span className={`badge badge--${status.tone}`}>{status.label}</span>
                    </td>
                    <td role="cell" data-label="Receipt" className="payment-table__receipt">
                      {payment.status === 'succeeded' && (
                        <Button
                          variant="ghost"
                          size="sm"
                          disabled={download.isPending}
                          onClick={() =>
                            download.mutate({
                              path: `/api/users/me/payments/${payment.id}/receipt.pdf`,
                              fileName: `receipt-${payment.date.slice(0, 10)}.pdf`,
                            })
                          }
                        >
                          Download receipt
                        </Button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {state.status === 'success' && paidYears(state.data).length > 0 && (
        <div className="payment-history__statements">
          <span className="muted">Yearly statement for HSA or FSA:</span>
          {paidYears(state.data).map((year) => (
            <Button
              key={year}
              variant="secondary"
              size="sm"
              disabled={download.isPending}
              onClick={() => download.mutate({ path: `/api/users/me/statement.pdf?year=${year}`, fileName: `statement-${year}.pdf` })}
            >
              Download {year} statement
            </Button>
          ))}
        </div>
      )}
      {download.isError && <Alert tone="error">{failureMessage(download.error, messages.genericError)}</Alert>}
    </section>
  );
}
