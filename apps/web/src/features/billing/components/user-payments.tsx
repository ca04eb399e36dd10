import { formatUsd, messages, REFUND_REASON_MAX, toMinorUnits, type AdminPayment } from '@app/shared';
import { useId, useState } from 'react';
import { Alert, AmountField, Button, ChunkStyles, Spinner, TextAreaField } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { downloadFile } from '../../../lib/download';
import { useRefundPayment, useUserPayments } from '../api/admin-payments';
import { formatApiDate } from '../format';
import refundsCss from './user-payments.css?inline';

const usd = (dollars: number) => formatUsd(toMinorUnits(dollars));

/**
 * A user's payments in the admin console: each with its receipt, and a refund of all or part of what
 * is left of it, with a reason, through the gateway. Not a form of its own: it sits inside the user's
 * edit form, so its buttons act by themselves.
 */
export function UserPayments({ userId }: { userId: string }) {
  const payments = useUserPayments(userId);
  const [refunding, setRefunding] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <section className="user-payments" aria-label="Payments">
      <ChunkStyles name="user-payments" css={refundsCss} />
      <h4 className="user-editor__heading">Payments</h4>
      {payments.isPending && <Spinner label="Loading payments…" />}
      {payments.isError && <Alert tone="error">{failureMessage(payments.error, messages.paymentHistoryFailed)}</Alert>}
      {done && <Alert tone="success">{done}</Alert>}
      {payments.data?.length === 0 && <p className="muted">No payments yet.</p>}
      {payments.data && payments.data.length > 0 && (
        <ul className="user-payments__list">
          {payments.data.map((payment) => (
            <li key={payment.id} className="user-payments__item">
              <PaymentLine payment={payment} userId={userId} onRefund={() => (setDone(null), setRefunding(payment.id))} />
              {refunding === payment.id && (
                <RefundForm
                  userId={userId}
                  payment={payment}
                  onClose={() => setRefunding(null)}
                  onDone={(message) => (setDone(message), setRefunding(null))}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PaymentLine({ payment, userId, onRefund }: { payment: AdminPayment; userId: string; onRefund: () => void }) {
  const paid = payment.status === 'succeeded';
  const status = payment.kind === 'refund' ? 'refund' : paid ? 'paid' : payment.status;
  return (
    <div className="user-payments__line">
      <span>
        <strong>{usd(payment.amount)}</strong> · {payment.planName} · {formatApiDate(payment.date, 'medium')} ·{' '}
        <span className="muted">{status}</span>
        {payment.kind !== 'refund' && paid && payment.refundable < payment.amount && (
          <span className="muted"> · {usd(payment.refundable)} left to refund</span>
        )}
      </span>
      <span className="user-payments__actions">
        {paid && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              void downloadFile(`/api/admin/users/${userId}/payments/${payment.id}/receipt.pdf`, `receipt-${payment.date.slice(0, 10)}.pdf`)
            }
          >
            Download receipt
          </Button>
        )}
        {payment.refundable > 0 && (
          <Button variant="secondary" size="sm" onClick={onRefund}>
            Refund
          </Button>
        )}
      </span>
    </div>
  );
}

function RefundForm({
  userId,
  payment,
  onClose,
  onDone,
}: {
  userId: string;
  payment: AdminPayment;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const id = useId();
  const refund = useRefundPayment(userId);
  const [amount, setAmount] = useState(payment.refundable.toFixed(2));
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const reasonMissing = touched && !reason.trim() ? messages.refundReasonRequired : null;

  function submit() {
    setTouched(true);
    if (!reason.trim() || refund.isPending) return;
    refund.mutate({ paymentId: payment.id, refund: { amount, reason } }, { onSuccess: (answer) => onDone(answer.message) });
  }

  return (
    <div
      className="user-payments__refund"
      role="group"
      aria-label={`Refund ${payment.planName}`}
      // Enter in a field refunds, instead of submitting the user's edit form this sits in.
      onKeyDown={(event) => {
        if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
        event.preventDefault();
        submit();
      }}
    >
      <AmountField
        id={`${id}-amount`}
        label="Amount to refund (USD)"
        hint={`At most ${usd(payment.refundable)}.`}
        value={amount}
        max={payment.refundable}
        onChange={(e) => setAmount(e.target.value)}
        onBlur={() => undefined}
        onTwoDecimals={setAmount}
      />
      <TextAreaField
        id={`${id}-reason`}
        label="Reason for the refund"
        value={reason}
        maxLength={REFUND_REASON_MAX}
        rows={2}
        error={reasonMissing}
        onChange={(e) => setReason(e.target.value)}
        onBlur={() => setTouched(true)}
      />
      {refund.isError && <Alert tone="error">{failureMessage(refund.error, messages.genericError)}</Alert>}
      <div className="user-payments__actions">
        <Button size="sm" busy={refund.isPending} disabled={refund.isPending} onClick={submit}>
          Refund {Number.isFinite(Number(amount)) && Number(amount) > 0 ? usd(Number(amount)) : ''}
        </Button>
        <Button variant="ghost" size="sm" disabled={refund.isPending} onClick={onClose}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
