import { cardDigits, formatUsd, VISIT_PRICES_CENTS, type VisitPayment, type VisitService } from '@app/shared';
import { useRef, type RefObject } from 'react';
import { ChunkStyles } from '../../components/ui';
import { useValidatedForm, type ValidatedForm } from '../../lib/use-validated-form';
import {
  checkoutFieldId,
  checkoutServerErrors,
  initialCheckoutValues,
  validateCheckoutField,
  type CheckoutField,
  type CheckoutValues,
} from './checkout-form';
import { BillingAddressFields } from './components/billing-address-fields';
import { CardFields } from './components/card-fields';
import { NO_ANSWER_YET } from './use-checkout-submission';
import checkoutCss from './pages/checkout.css?inline';

/** What paying for one visit asks: where the card is billed, then the card, in the order a failed submit focuses them. */
const VISIT_PAYMENT_FIELDS = [
  'street',
  'city',
  'state',
  'zip',
  'country',
  'cardholderName',
  'cardNumber',
  'expiry',
  'cvc',
] as const satisfies readonly CheckoutField[];

const sameCard = (a: CheckoutValues, b: CheckoutValues) => VISIT_PAYMENT_FIELDS.every((name) => a[name] === b[name]);

/**
 * Paying for one visit inside the visit request's form: the checkout's billing-address and card fields
 * and rules, and the purchase's Idempotency-Key, kept while the same card is sent again after no answer.
 */
export function useVisitPayment(formRef: RefObject<HTMLFormElement | null>) {
  const form = useValidatedForm<CheckoutValues>({
    initialValues: () => initialCheckoutValues(null),
    fieldOrder: VISIT_PAYMENT_FIELDS,
    validateField: validateCheckoutField,
    formRef,
    fieldId: checkoutFieldId,
  });
  const attempt = useRef<{ key: string; values: CheckoutValues } | null>(null);

  /** The card and the purchase key to send, or null when a field is invalid (it shows why). */
  function prepare(): { payment: VisitPayment; purchaseKey: string } | null {
    if (!form.validateAll().ok) return null;
    const { values } = form;
    if (!attempt.current || !sameCard(attempt.current.values, values)) attempt.current = { key: crypto.randomUUID(), values };
    return {
      purchaseKey: attempt.current.key,
      payment: {
        billingAddress: { street: values.street, city: values.city, state: values.state, zip: values.zip, country: values.country },
        cardDetails: {
          cardholderName: values.cardholderName,
          cardNumber: cardDigits(values.cardNumber),
          cvv: values.cvc,
          expiry: values.expiry,
        },
      },
    };
  }

  /** After a refusal: the next submit is a new purchase unless nothing was answered yet; a 400's card messages show on the fields. */
  function answered(status: number, errors?: Record<string, string>) {
    if (!NO_ANSWER_YET.has(status)) attempt.current = null;
    const cardErrors = Object.fromEntries(
      Object.entries(errors ?? {}).flatMap(([key, message]) =>
        key.startsWith('payment.') ? [[key.slice('payment.'.length), message]] : [],
      ),
    );
    form.setServerErrors(checkoutServerErrors(cardErrors));
  }

  return { form, prepare, answered };
}

/** The price of the visit and the fields that pay for it. */
export function VisitPaymentFields({ form, service }: { form: ValidatedForm<CheckoutValues>; service: VisitService | null }) {
  return (
    <div className="checkout stack">
      <ChunkStyles name="checkout" css={checkoutCss} />
      <p>
        {service
          ? `This visit costs ${formatUsd(VISIT_PRICES_CENTS[service])}, charged once to your card.`
          : 'Choose a kind of care above to see what this visit costs.'}
      </p>
      <BillingAddressFields form={form} />
      <CardFields form={form} />
    </div>
  );
}
