import { toMinorUnits, formatUsd, messages } from '@app/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Spinner } from '../../../components/ui';
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
  return STATUS[payment.status] ?? { label: String(payment.status), tone: 'muted' };
}

function amountOf(payment: PaymentRecord) {
  const amount = formatUsd(toMinorUnits(Number(payment.amount) || 0));
  return payment.currency && payment.currency.toUpperCase() !== 'USD' ? `${amount} ${payment.currency.toUpperCase()}` : amount;
}

export interface PaymentHistoryProps {
  state: UseQueryResult<PaymentRecord[]>;
}

/** The patient's payments (GET /api/users/me/payments): date, plan, amount, card, status. */
export function PaymentHistory({ state }: PaymentHistoryProps) {
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
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
