import { z } from './zod';
import { EMAIL_MAX, emailSchema, emailText } from './auth';
import { messages } from './messages';
import { planIdSchema } from './plans';

export type CardBrand = 'Visa' | 'Mastercard' | 'American Express' | 'Discover';

export const cardDigits = (value: string) => value.replace(/\D/g, '').slice(0, 19);

export function detectCardBrand(number: string): CardBrand | null {
  const d = number.replace(/\D/g, '');
  if (/^3[47]/.test(d)) return 'American Express';
  if (/^4/.test(d)) return 'Visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(d)) return 'Mastercard';
  if (/^(6011|65|64[4-9]|622)/.test(d)) return 'Discover';
  return null;
}

export function passesLuhn(number: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = number.length - 1; i >= 0; i--) {
    let digit = Number(number[i]);
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return number.length > 0 && sum % 10 === 0;
}

export const cvcLength = (cardNumber: string) => (detectCardBrand(cardNumber) === 'American Express' ? 4 : 3);

/** Formats typed digits as MM/YY while the person types. */
export function formatExpiry(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 4);
  return d.length <= 2 ? d : `${d.slice(0, 2)}/${d.slice(2)}`;
}

/** The expiry message, or null when MM/YY names this month or a later one. */
export function expiryProblem(value: string, today: Date = new Date()): string | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(value.trim());
  if (!match) return messages.expiryFormat;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return messages.expiryMonth;
  const year = 2000 + Number(match[2]);
  // A card is good through the last day of its expiry month.
  if (year < today.getFullYear() || (year === today.getFullYear() && month < today.getMonth() + 1)) return messages.cardExpired;
  return null;
}

export function cardNumberProblem(value: string): string | null {
  const d = value.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(d)) return messages.cardNumberLength;
  return passesLuhn(d) ? null : messages.cardNumberInvalid;
}

// Control characters and lone surrogates cannot be stored (Postgres refuses NUL), so they are refused
// before the gateway is called: nothing may fail after a charge.
// eslint-disable-next-line no-control-regex
const UNSAFE_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isStorableText = (value: string) => !UNSAFE_TEXT.test(value);
const storable = { error: messages.invalidCharacters };
/** An optional string the server ignores, still bounded and storable. */
const ignoredText = (max: number) =>
  z
    .string()
    .max(max, { error: messages.tooLong(max) })
    .refine(isStorableText, storable);

const requiredLabel = (label: string, max = 200) =>
  z
    .string({ error: messages.fieldRequired(label) })
    .trim()
    .min(1, { error: messages.fieldRequired(label) })
    .max(max, { error: messages.tooLong(max) })
    .refine(isStorableText, storable);

/** The checkout form (docs/product.md, Checkout), field by field, with its validation messages. */
export const checkoutFields = {
  email: emailText(messages.forgotInvalid).refine(isStorableText, storable),
  phone: z
    .string({ error: messages.paymentPhone })
    .max(30, { error: messages.paymentPhone })
    .refine(isStorableText, storable)
    .refine((v) => v.replace(/\D/g, '').length >= 10, { error: messages.paymentPhone }),
  fullName: requiredLabel('Full name'),
  street: requiredLabel('Street address'),
  city: requiredLabel('City', 100),
  state: requiredLabel('State', 100),
  zip: requiredLabel('ZIP', 10),
  country: requiredLabel('Country', 100),
  cardholderName: requiredLabel('Name on card'),
  cardNumber: z
    .string({ error: messages.cardNumberLength })
    .max(40, { error: messages.cardNumberLength })
    .superRefine((v, ctx) => {
      const problem = cardNumberProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  expiry: z
    .string({ error: messages.expiryFormat })
    .max(10, { error: messages.expiryFormat })
    .superRefine((v, ctx) => {
      const problem = expiryProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  cvc: z
    .string({ error: messages.cvcLength(3) })
    .max(4, { error: messages.cvcLength(4) })
    .refine(isStorableText, storable),
};

/**
 * The CVC rule: 4 digits for American Express, 3 for other cards. It needs the card number, so the
 * schemas check it on the whole form and the checkout page field by field; the message, or null.
 */
export const cvcProblem = (cardNumber: string, cvc: string) =>
  new RegExp(`^\\d{${cvcLength(cardNumber)}}$`).test(cvc) ? null : messages.cvcLength(cvcLength(cardNumber));

export const checkoutFormSchema = z.object(checkoutFields).superRefine((form, ctx) => {
  const problem = cvcProblem(form.cardNumber, form.cvc);
  if (problem) ctx.addIssue({ code: 'custom', path: ['cvc'], message: problem });
});
export type CheckoutForm = z.input<typeof checkoutFormSchema>;

/** A billing address, every part required, by the checkout's rules. */
export const billingAddressRequestSchema = z.strictObject({
  street: checkoutFields.street,
  city: checkoutFields.city,
  state: checkoutFields.state,
  zip: checkoutFields.zip,
  country: checkoutFields.country,
});

/**
 * PUT /api/users/{id}/subscription: the subscription request (docs/product.md, Data). The server reads the
 * plan, the contact, the billing address and the card; prices and dates in the request are
 * accepted for compatibility and ignored (the catalogue and the server's clock decide).
 */
export const subscriptionRequestSchema = z
  .strictObject({
    planId: planIdSchema(messages.choosePlanBeforePayment),
    planName: ignoredText(100).optional(),
    planPrice: z.union([z.number(), ignoredText(20)]).optional(),
    planAmount: z.union([z.number(), ignoredText(20)]).optional(),
    emailId: ignoredText(EMAIL_MAX).optional(),
    methodOfSubscription: z.literal('online').optional(),
    /** The version of the auto-renewal terms shown next to the pay button; a monthly plan is bought under the current one. */
    autoRenewalTermsVersion: z.string().max(40).optional(),
    billingAddress: billingAddressRequestSchema,
    contact: z.strictObject({
      fullName: checkoutFields.fullName,
      email: checkoutFields.email,
      phone: checkoutFields.phone,
      address: checkoutFields.street,
      city: checkoutFields.city,
      state: checkoutFields.state,
      zip: checkoutFields.zip,
      country: checkoutFields.country,
    }),
    cardDetails: z.strictObject({
      cardholderName: checkoutFields.cardholderName,
      cardNumber: checkoutFields.cardNumber,
      cvv: checkoutFields.cvc,
      expiry: checkoutFields.expiry,
      last4: ignoredText(4).optional(),
      brand: ignoredText(40).optional(),
    }),
    subscriptionStartDate: ignoredText(64).nullable().optional(),
    nextSubscriptionRenewDate: ignoredText(64).nullable().optional(),
    subscriptionEndDate: ignoredText(64).nullable().optional(),
    subscriptionCancelledDate: ignoredText(64).nullable().optional(),
    subscriptionMethodOfCancelling: ignoredText(100).optional(),
  })
  .superRefine((body, ctx) => {
    const { cardNumber, cvv } = body.cardDetails;
    const problem = cvcProblem(cardNumber, cvv);
    if (problem) ctx.addIssue({ code: 'custom', path: ['cardDetails', 'cvv'], message: problem });
  });
export type SubscriptionRequest = z.input<typeof subscriptionRequestSchema>;

export const planUpdateSchema = z.strictObject({ subscriptionPlan: planIdSchema(messages.pickPlan) });
export const choosePlanSchema = z.strictObject({
  plan: planIdSchema(messages.pickPlan),
  email: emailSchema(),
});
