import { detectCardBrand } from '@app/shared';
import { useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { FieldFrame, TextField, describedBy } from '../../../components/ui';
import type { ValidatedForm } from '../../../lib/use-validated-form';
import {
  CHECKOUT_LABELS,
  caretAfterDigits,
  filterCardNumber,
  filterCvc,
  filterExpiry,
  groupCardNumber,
  type CheckoutValues,
} from '../checkout-form';
import { CARD_BRANDS, CardBrandLogo, GenericCardIcon } from './card-brand-logo';

/**
 * The payment details fieldset: name on card, the card number shown in groups (the caret stays
 * after the digit it followed), expiry and CVC, each filtered as typed.
 */
export function CardFields({ form }: { form: ValidatedForm<CheckoutValues> }) {
  const { values } = form;
  const cardInput = useRef<HTMLInputElement>(null);
  const cardCaret = useRef<number | null>(null);
  const cardBrand = detectCardBrand(values.cardNumber);
  const cardShown = groupCardNumber(values.cardNumber);

  useLayoutEffect(() => {
    const input = cardInput.current;
    if (cardCaret.current === null || !input || document.activeElement !== input) return;
    const at = caretAfterDigits(cardShown, cardCaret.current);
    cardCaret.current = null;
    input.setSelectionRange(at, at);
  }, [cardShown]);

  function onCardNumberChange(event: ChangeEvent<HTMLInputElement>) {
    const raw = event.target.value;
    const caret = event.target.selectionStart ?? raw.length;
    cardCaret.current = raw.slice(0, caret).replace(/\D/g, '').length;
    form.setField('cardNumber', filterCardNumber(raw));
  }

  const card = form.textFieldProps('cardNumber');
  const cardHint = cardBrand ? `Card type: ${cardBrand}` : 'Visa, Mastercard, American Express or Discover';
  return (
    <fieldset className="checkout__section checkout__section--card">
      <legend className="checkout__legend">
        <span>Payment details</span>
        <span className="checkout__accepted">
          <span className="sr-only">We accept Visa, Mastercard, American Express and Discover.</span>
          {CARD_BRANDS.map((b) => (
            <CardBrandLogo
              key={b}
              brand={b}
              decorative
              className={`card-logo--sm${cardBrand && cardBrand !== b ? ' card-logo--dim' : ''}`}
            />
          ))}
        </span>
      </legend>
      <TextField
        {...form.textFieldProps('cardholderName')}
        label={CHECKOUT_LABELS.cardholderName}
        autoComplete="cc-name"
        autoCapitalize="words"
        spellCheck={false}
      />
      <FieldFrame id={card.id} label={CHECKOUT_LABELS.cardNumber} hint={cardHint} error={card.error}>
        <div className="card-input">
          <input
            ref={cardInput}
            id={card.id}
            name={card.name}
            className="input card-input__field"
            value={cardShown}
            onChange={onCardNumberChange}
            onBlur={card.onBlur}
            inputMode="numeric"
            autoComplete="cc-number"
            autoCorrect="off"
            spellCheck={false}
            placeholder="1234 1234 1234 1234"
            maxLength={23}
            aria-invalid={card.error ? true : undefined}
            aria-describedby={describedBy(card.id, { hint: cardHint, error: card.error })}
          />
          <span className="card-input__brand" aria-hidden="true">
            {cardBrand ? <CardBrandLogo brand={cardBrand} decorative /> : <GenericCardIcon />}
          </span>
        </div>
      </FieldFrame>
      <div className="checkout__row checkout__row--pair">
        <TextField
          {...form.textFieldProps('expiry')}
          onChange={(e) => form.setField('expiry', filterExpiry(e.target.value))}
          label={CHECKOUT_LABELS.expiry}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={5}
        />
        <TextField
          {...form.textFieldProps('cvc')}
          onChange={(e) => form.setField('cvc', filterCvc(e.target.value))}
          label={CHECKOUT_LABELS.cvc}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder={cardBrand === 'American Express' ? '4 digits' : '3 digits'}
          maxLength={4}
        />
      </div>
    </fieldset>
  );
}
