import { TextField } from '../../../components/ui';
import type { ValidatedForm } from '../../../lib/use-validated-form';
import { CHECKOUT_LABELS, type CheckoutValues } from '../checkout-form';

/** Who pays: the contact fieldset of the checkout. */
export function ContactFields({ form }: { form: ValidatedForm<CheckoutValues> }) {
  return (
    <fieldset className="checkout__section">
      <legend className="checkout__legend">Contact information</legend>
      <div className="checkout__row checkout__row--2">
        <TextField
          {...form.textFieldProps('email')}
          label={CHECKOUT_LABELS.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="off"
          spellCheck={false}
        />
        <TextField
          {...form.textFieldProps('phone')}
          label={CHECKOUT_LABELS.phone}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={20}
        />
      </div>
      <TextField {...form.textFieldProps('fullName')} label={CHECKOUT_LABELS.fullName} autoComplete="name" />
    </fieldset>
  );
}

/** Where the card is billed: the billing-address fieldset of the checkout. */
export function BillingAddressFields({ form }: { form: ValidatedForm<CheckoutValues> }) {
  return (
    <fieldset className="checkout__section">
      <legend className="checkout__legend">Billing address</legend>
      <TextField {...form.textFieldProps('street')} label={CHECKOUT_LABELS.street} autoComplete="street-address" />
      <div className="checkout__row checkout__row--3">
        <TextField {...form.textFieldProps('city')} label={CHECKOUT_LABELS.city} autoComplete="address-level2" />
        <TextField {...form.textFieldProps('state')} label={CHECKOUT_LABELS.state} autoComplete="address-level1" />
        <TextField {...form.textFieldProps('zip')} label={CHECKOUT_LABELS.zip} autoComplete="postal-code" maxLength={10} />
      </div>
      <TextField {...form.textFieldProps('country')} label={CHECKOUT_LABELS.country} autoComplete="country-name" />
    </fieldset>
  );
}
