import { addDays, formatUsd, MEMBERSHIP_TERM_DAYS, messages, type Plan } from '@app/shared';
import { useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import type { ValidatedForm } from '../../lib/use-validated-form';
import { getMe, updateStoredUser, useEndSession, useSession } from '../auth';
import { clearSelectedPlan } from '../plans';
import { subscribe } from './api/subscribe';
import { clearCheckoutData, type CheckoutData } from './checkout-data';
import {
  buildSubscriptionRequest,
  checkoutServerErrors,
  CHECKOUT_FIELD_ORDER,
  validateCheckout,
  type CheckoutValues,
} from './checkout-form';
import type { CheckoutReceipt } from './components/checkout-success';
import { formatApiDate } from './format';

/**
 * Statuses after which the same submission may be sent again under the same Idempotency-Key: no
 * answer, a time-out, one still in progress, or a proxy whose server stopped while answering (502).
 */
export const NO_ANSWER_YET = new Set([0, 408, 409, 502, 504]);

/** One submission: its Idempotency-Key, when it started, and the values it sent. */
interface Attempt {
  key: string;
  startedAt: Date;
  values: CheckoutValues;
}

const sameValues = (a: CheckoutValues, b: CheckoutValues) => CHECKOUT_FIELD_ORDER.every((name) => a[name] === b[name]);

/**
 * Paying: finds the account, sends the subscription request once per submission, and turns the
 * answer into the receipt, the server's field messages or one message above the button.
 */
export function useCheckoutSubmission(data: CheckoutData, plan: Plan | null, form: ValidatedForm<CheckoutValues>) {
  const session = useSession();
  const endSession = useEndSession();
  const [busy, setBusy] = useState(false);
  const [topError, setTopError] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<CheckoutReceipt | null>(null);
  // One Idempotency-Key per submission: kept while the same values are retried after no answer,
  // never reused once the values change or the server has answered.
  const attempt = useRef<Attempt | null>(null);

  /** The account to charge: its id, looked up from the e-mail when only that is known. */
  async function accountId(): Promise<string | null> {
    const id = data.user.id || session.user?.id || '';
    if (id) return id;
    const email = data.user.email || session.user?.email || '';
    if (!email) return null;
    try {
      return (await getMe()).id || null;
    } catch {
      return null;
    }
  }

  async function submit() {
    if (busy || !plan) return;
    setTopError(null);
    const { values } = form;
    const checked = validateCheckout(values);
    if (!form.validateAll().ok || !checked.ok) return;
    setBusy(true);
    try {
      const userId = await accountId();
      if (!userId) {
        setTopError(messages.paymentVerifyAccount);
        return;
      }
      if (!attempt.current || !sameValues(attempt.current.values, values))
        attempt.current = { key: crypto.randomUUID(), startedAt: new Date(), values };
      const { key, startedAt } = attempt.current;
      const body = buildSubscriptionRequest(checked.form, plan, { startedAt, accountEmail: data.user.email || session.user?.email || '' });
      const answer = await subscribe(userId, body, key);
      attempt.current = null;
      const user = answer?.user;
      clearCheckoutData();
      clearSelectedPlan();
      updateStoredUser({ planId: plan.id, subscriptionPlan: plan.id });
      setReceipt({
        message: answer?.message || answer?.statusMessage || answer?.text || messages.paymentSuccess,
        renewal:
          plan.period === 'month' ? formatApiDate(user?.nextSubscriptionRenewDate ?? addDays(startedAt, MEMBERSHIP_TERM_DAYS)) : null,
        planTitle: plan.title,
        amount: formatUsd(plan.priceCents),
        card: `${user?.cardDetails?.brand || body.cardDetails.brand || 'Card'} ending in ${user?.cardDetails?.last4 || body.cardDetails.last4 || ''}`,
        email: checked.form.email,
      });
      // The card number and CVC leave memory with the form.
      form.reset({ ...values, cardNumber: '', expiry: '', cvc: '' });
    } catch (error) {
      if (!(error instanceof ApiError) || !NO_ANSWER_YET.has(error.status)) attempt.current = null;
      if (error instanceof ApiError && error.status === 401) {
        endSession();
        return;
      }
      if (error instanceof ApiError && error.status === 400) {
        form.setServerErrors(checkoutServerErrors((error.body as { errors?: unknown } | null)?.errors));
        setTopError(error.serverMessage ?? messages.paymentFixFields);
        return;
      }
      setTopError((error instanceof ApiError && error.status > 0 && error.serverMessage) || messages.paymentUnavailable);
    } finally {
      setBusy(false);
    }
  }

  return { busy, topError, receipt, submit };
}
