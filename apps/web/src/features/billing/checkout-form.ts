import {
  AUTO_RENEWAL_TERMS_VERSION,
  addDays,
  fromMinorUnits,
  cardDigits,
  checkoutFields,
  checkoutFormSchema,
  cvcProblem,
  detectCardBrand,
  fieldErrors,
  formatExpiry,
  formatPhone,
  formatUsd,
  MEMBERSHIP_TERM_DAYS,
  messages,
  toCentralIso,
  type CheckoutForm,
  type Plan,
  type SubscriptionRequest,
} from '@app/shared';
import { DEFAULT_COUNTRY, type CheckoutData } from './checkout-data';

export type CheckoutField = keyof CheckoutForm;
export type CheckoutValues = Record<CheckoutField, string>;

/** Form order: a failed submit scrolls to and focuses the first invalid field in this order. */
export const CHECKOUT_FIELD_ORDER: CheckoutField[] = [
  'email',
  'phone',
  'fullName',
  'street',
  'city',
  'state',
  'zip',
  'country',
  'cardholderName',
  'cardNumber',
  'expiry',
  'cvc',
];

/** The visible labels (tests and people find the fields by these). */
export const CHECKOUT_LABELS: Record<CheckoutField, string> = {
  email: 'Email',
  phone: 'Phone',
  fullName: 'Full name',
  street: 'Street address',
  city: 'City',
  state: 'State',
  zip: 'ZIP',
  country: 'Country',
  cardholderName: 'Name on card',
  cardNumber: 'Card number',
  expiry: 'Expiry (MM/YY)',
  cvc: 'CVC',
};

export const checkoutFieldId = (name: CheckoutField) => `checkout-${name}`;

const first = (...values: string[]) => values.find((v) => v.trim())?.trim() ?? '';

/** The form's starting values from the checkout payload. Card fields always start empty. */
export function initialCheckoutValues(data: CheckoutData | null, fallbackEmail = ''): CheckoutValues {
  const phone = first(data?.contact.phone ?? '', data?.user.phone ?? '');
  const digits = phone.replace(/\D/g, '');
  return {
    email: first(data?.contact.email ?? '', data?.user.email ?? '', fallbackEmail),
    phone: digits.length === 10 ? formatPhone(digits) : phone,
    fullName: first(data?.contact.fullName ?? '', [data?.user.firstName, data?.user.lastName].filter(Boolean).join(' ')),
    street: first(data?.billingAddress.street ?? '', data?.contact.address ?? '', data?.user.street ?? '', data?.user.address ?? ''),
    city: first(data?.billingAddress.city ?? '', data?.contact.city ?? '', data?.user.city ?? ''),
    state: first(data?.billingAddress.state ?? '', data?.contact.state ?? '', data?.user.state ?? ''),
    zip: first(data?.billingAddress.zip ?? '', data?.contact.zip ?? '', data?.user.zip ?? ''),
    country: first(data?.billingAddress.country ?? '', data?.contact.country ?? '', data?.user.country ?? '', DEFAULT_COUNTRY),
    cardholderName: '',
    cardNumber: '',
    expiry: '',
    cvc: '',
  };
}

/* ---------- input filters ---------- */

/** Card number as typed: digits only, at most 19. */
export const filterCardNumber = (raw: string) => cardDigits(raw);

/** CVC as typed: digits only, at most 4. */
export const filterCvc = (raw: string) => raw.replace(/\D/g, '').slice(0, 4);

/**
 * Expiry as typed, formatted MM/YY. A first digit 2-9 can only be a month 02-09, and '1/' means
 * January: both get their leading zero.
 */
export function filterExpiry(raw: string): string {
  const single = /^\s*(\d)\s*\/(.*)$/.exec(raw);
  if (single) return formatExpiry(`0${single[1]}${single[2]}`);
  const digits = raw.replace(/\D/g, '');
  if (/^[2-9]/.test(digits)) return formatExpiry(`0${digits}`);
  return formatExpiry(raw);
}

/** The card number shown in groups: 4-6-5 for American Express, else groups of 4. */
export function groupCardNumber(digits: string): string {
  const sizes = detectCardBrand(digits) === 'American Express' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const groups: string[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= digits.length) break;
    groups.push(digits.slice(at, at + size));
    at += size;
  }
  return groups.join(' ');
}

/** Where the caret goes in `formatted` so that `digitsBefore` digits stand before it. */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!)) seen += 1;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}

/* ---------- validation (the shared schemas and messages) ---------- */

/** One field's message, or null when valid. The CVC's length depends on the card number. */
export function validateCheckoutField(name: CheckoutField, values: CheckoutValues): string | null {
  if (name === 'cvc') return cvcProblem(values.cardNumber, values.cvc);
  const result = checkoutFields[name].safeParse(values[name]);
  return result.success ? null : (result.error.issues[0]?.message ?? messages.fieldRequired(CHECKOUT_LABELS[name]));
}

/** The whole form: either its parsed values or a message per invalid field. */
export function validateCheckout(
  values: CheckoutValues,
): { ok: true; form: CheckoutForm } | { ok: false; errors: Partial<Record<CheckoutField, string>> } {
  const result = checkoutFormSchema.safeParse(values);
  if (result.success) return { ok: true, form: result.data };
  return { ok: false, errors: fieldErrors(result.error) };
}

/** Server field names (400 `errors` keys) → form fields. */
const SERVER_FIELDS: Record<string, CheckoutField> = {
  emailId: 'email',
  'contact.email': 'email',
  'contact.phone': 'phone',
  'contact.fullName': 'fullName',
  'contact.address': 'street',
  'contact.city': 'city',
  'contact.state': 'state',
  'contact.zip': 'zip',
  'contact.country': 'country',
  'billingAddress.street': 'street',
  'billingAddress.city': 'city',
  'billingAddress.state': 'state',
  'billingAddress.zip': 'zip',
  'billingAddress.country': 'country',
  'cardDetails.cardholderName': 'cardholderName',
  'cardDetails.cardNumber': 'cardNumber',
  'cardDetails.expiry': 'expiry',
  'cardDetails.cvv': 'cvc',
};

/** The 400 answer's per-field messages, on the checkout's own fields. */
export function checkoutServerErrors(errors: unknown): Partial<Record<CheckoutField, string>> {
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return {};
  const out: Partial<Record<CheckoutField, string>> = {};
  for (const [key, value] of Object.entries(errors as Record<string, unknown>)) {
    const field = SERVER_FIELDS[key];
    if (field && typeof value === 'string' && !out[field]) out[field] = value;
  }
  return out;
}

/* ---------- the request ---------- */

/**
 * The subscription request (docs/product.md, Data) for a valid form. Monthly plans carry the term dates in US
 * Central time (the server recomputes them from its own clock; it also charges its own price).
 */
export function buildSubscriptionRequest(
  form: CheckoutForm,
  plan: Plan,
  options: { startedAt: Date; accountEmail?: string },
): SubscriptionRequest {
  const number = cardDigits(form.cardNumber);
  const brand = detectCardBrand(number);
  const body: SubscriptionRequest = {
    planId: plan.id,
    planName: plan.title,
    planPrice: formatUsd(plan.priceCents),
    planAmount: fromMinorUnits(plan.priceCents),
    emailId: options.accountEmail?.trim() || form.email,
    methodOfSubscription: 'online',
    autoRenewalTermsVersion: AUTO_RENEWAL_TERMS_VERSION,
    billingAddress: { street: form.street, city: form.city, state: form.state, zip: form.zip, country: form.country },
    contact: {
      fullName: form.fullName,
      email: form.email,
      phone: form.phone.replace(/\D/g, ''),
      address: form.street,
      city: form.city,
      state: form.state,
      zip: form.zip,
      country: form.country,
    },
    cardDetails: {
      cardholderName: form.cardholderName,
      cardNumber: number,
      cvv: form.cvc,
      expiry: form.expiry,
      last4: number.slice(-4),
      ...(brand ? { brand } : {}),
    },
  };
  if (plan.period === 'month') {
    const renews = toCentralIso(addDays(options.startedAt, MEMBERSHIP_TERM_DAYS));
    Object.assign(body, {
      subscriptionStartDate: toCentralIso(options.startedAt),
      nextSubscriptionRenewDate: renews,
      subscriptionEndDate: renews,
      subscriptionCancelledDate: null,
      subscriptionMethodOfCancelling: '',
    });
  }
  return body;
}
