import { formatUsd, messages, toMinorUnits, type UserProfile } from '@app/shared';
import { useRef, useState } from 'react';
import { Alert, Button, ChunkStyles } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/api-failure';
import { useUpdateCard } from '../api/update-card';
import { useVisitPayment } from '../use-visit-payment';
import { BillingAddressFields } from './billing-address-fields';
import { CardFields } from './card-fields';
import checkoutCss from '../pages/checkout.css?inline';

/**
 * "Update card" on a monthly membership: the checkout's billing-address and card fields, checked by
 * the gateway and never kept here. A past-due member is told their last payment failed, and the
 * update tries it again at once.
 */
export function UpdateCard({ profile }: { profile: UserProfile }) {
  const renewing = profile.subscriptionStatus === 'active' || profile.subscriptionStatus === 'past_due';
  const monthly = !!profile.subscriptionPlan && profile.subscriptionPlan !== 'oneTimeVisit';
  return renewing && monthly ? <CardOnFile profile={profile} /> : null;
}

function CardOnFile({ profile }: { profile: UserProfile }) {
  const formRef = useRef<HTMLFormElement>(null);
  const payment = useVisitPayment(formRef);
  const update = useUpdateCard();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const pastDue = profile.subscriptionStatus === 'past_due';

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    const prepared = payment.prepare();
    if (!prepared) return;
    update.mutate(
      { payment: prepared.payment, key: prepared.purchaseKey },
      {
        onSuccess: (answer) => {
          payment.answered(200);
          setDone(answer.message);
          setOpen(false);
        },
        onError: (error) => {
          const errors = error instanceof ApiError ? (error.body as { errors?: Record<string, string> } | null)?.errors : undefined;
          payment.answered(error instanceof ApiError ? error.status : 0, errors && prefixed(errors));
        },
      },
    );
  }

  const openForm = () => {
    setDone(null);
    update.reset();
    setOpen(true);
  };
  const amount = profile.subscriptionAmount === null ? null : formatUsd(toMinorUnits(profile.subscriptionAmount));

  return (
    <div className="card-on-file">
      {pastDue && !open && (
        <Alert tone="error" title={messages.lastPaymentFailed}>
          <p>{messages.pastDueExplained(amount ?? 'your renewal')}</p>
          <Button size="sm" onClick={openForm}>
            Update card
          </Button>
        </Alert>
      )}
      {!pastDue && !open && (
        <Button variant="secondary" size="sm" onClick={openForm}>
          Update card
        </Button>
      )}
      {done && <Alert tone="success">{done}</Alert>}
      {open && (
        <form ref={formRef} className="checkout stack card-on-file__form" noValidate onSubmit={submit} aria-label="Update card">
          <ChunkStyles name="checkout" css={checkoutCss} />
          <p className="muted">
            {pastDue
              ? `Your new card is charged ${amount ?? 'your renewal'} now for the renewal that didn't go through, then renews as before.`
              : 'Your next renewals are charged to the new card. Nothing is charged now.'}
          </p>
          <BillingAddressFields form={payment.form} />
          <CardFields form={payment.form} />
          {update.isError && <Alert tone="error">{failureMessage(update.error, messages.paymentUnavailable)}</Alert>}
          <div className="card-on-file__actions">
            <Button type="submit" busy={update.isPending} disabled={update.isPending}>
              {pastDue ? 'Save card and pay' : 'Save card'}
            </Button>
            <Button variant="ghost" onClick={() => setOpen(false)} disabled={update.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

/** The server names card fields as the request does; the fields' hook reads them under `payment.`. */
const prefixed = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([key, message]) => [`payment.${key}`, message]));
