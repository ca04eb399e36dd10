import { fromMinorUnits, formatUsd, normalizePlanId, type Plan, type PlanId, type UserProfile } from '@app/shared';
import { readJson, removeItem, writeItem } from '../../lib/storage';

/** Session storage key of the checkout payload (docs/product.md, Data). It never holds card data. */
const CHECKOUT_DATA_KEY = 'checkoutData';

interface CheckoutAddress {
  street: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

interface CheckoutContact {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

/** The checkout payload (docs/product.md, Data): the plan and who pays, carried from the profile to /payment. */
export interface CheckoutData {
  planId: PlanId;
  planName: string;
  /** The price as shown ('$29.99'); display only, the server charges its catalogue price. */
  planPrice: string;
  planAmount: number;
  planDescription: string;
  planFeatures: string[];
  planPeriod: Plan['period'];
  user: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    phone: string;
    zip: string;
    address: string;
    street: string;
    city: string;
    state: string;
    country: string;
    subscriptionStatus: string;
  };
  billingAddress: CheckoutAddress;
  contact: CheckoutContact;
}

export const DEFAULT_COUNTRY = 'United States';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Builds the checkout payload from the profile and the chosen plan. */
export function buildCheckoutData(profile: UserProfile, plan: Plan): CheckoutData {
  const billing = profile.billingAddress;
  const street = text(billing?.street);
  const city = text(billing?.city);
  const state = text(billing?.state);
  const zip = text(billing?.zip) || text(profile.zip);
  const country = text(billing?.country) || DEFAULT_COUNTRY;
  const email = text(profile.email);
  const phone = text(profile.customerPhone);
  const firstName = text(profile.firstName);
  const lastName = text(profile.lastName);
  const fullName = text(profile.fullName) || [firstName, lastName].filter(Boolean).join(' ');
  return {
    planId: plan.id,
    planName: plan.title,
    planPrice: formatUsd(plan.priceCents),
    planAmount: fromMinorUnits(plan.priceCents),
    planDescription: plan.description,
    planFeatures: [...plan.features],
    planPeriod: plan.period,
    user: {
      id: text(profile.id),
      email,
      firstName,
      lastName,
      phone,
      zip,
      address: street,
      street,
      city,
      state,
      country,
      subscriptionStatus: text(profile.subscriptionStatus),
    },
    billingAddress: { street, city, state, zip, country },
    contact: { fullName, email, phone, address: street, city, state, zip, country },
  };
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * Reads a checkout payload from navigation state or storage, tolerating missing parts; null when
 * it names no known plan.
 */
export function parseCheckoutData(value: unknown): CheckoutData | null {
  const data = record(value);
  const planId = typeof data.planId === 'string' ? normalizePlanId(data.planId) : null;
  if (!planId) return null;
  const user = record(data.user);
  const billing = record(data.billingAddress);
  const contact = record(data.contact);
  const amount = typeof data.planAmount === 'number' ? data.planAmount : Number.parseFloat(text(data.planAmount).replace(/[^\d.]/g, ''));
  return {
    planId,
    planName: text(data.planName),
    planPrice: text(data.planPrice) || (typeof data.planPrice === 'number' ? formatUsd(data.planPrice) : ''),
    planAmount: Number.isFinite(amount) ? amount : 0,
    planDescription: text(data.planDescription),
    planFeatures: Array.isArray(data.planFeatures) ? data.planFeatures.filter((f): f is string => typeof f === 'string') : [],
    planPeriod: data.planPeriod === 'visit' ? 'visit' : 'month',
    user: {
      id: text(user.id),
      email: text(user.email),
      firstName: text(user.firstName),
      lastName: text(user.lastName),
      phone: text(user.phone),
      zip: text(user.zip),
      address: text(user.address),
      street: text(user.street),
      city: text(user.city),
      state: text(user.state),
      country: text(user.country),
      subscriptionStatus: text(user.subscriptionStatus),
    },
    billingAddress: {
      street: text(billing.street),
      city: text(billing.city),
      state: text(billing.state),
      zip: text(billing.zip),
      country: text(billing.country),
    },
    contact: {
      fullName: text(contact.fullName),
      email: text(contact.email),
      phone: text(contact.phone),
      address: text(contact.address),
      city: text(contact.city),
      state: text(contact.state),
      zip: text(contact.zip),
      country: text(contact.country),
    },
  };
}

/** The navigation state /payment receives. */
export interface CheckoutState {
  checkoutData: CheckoutData;
}

/** The checkout payload from the navigation state; null when the page was opened another way (a reload). */
export const readCheckoutData = (state: unknown): CheckoutData | null => parseCheckoutData(record(state).checkoutData);

/**
 * The payload travels in the navigation state. Session storage keeps only the chosen plan, for a reload of
 * /payment, which reads who pays from the profile again: contact data never goes to browser storage.
 */
export const storeCheckoutPlan = (planId: PlanId) => writeItem('session', CHECKOUT_DATA_KEY, JSON.stringify({ planId }));

/** The plan kept for a reload of /payment, if any. */
export function readStoredCheckoutPlan(): PlanId | null {
  const stored = record(readJson<unknown>('session', CHECKOUT_DATA_KEY));
  return typeof stored.planId === 'string' ? normalizePlanId(stored.planId) : null;
}

export const clearCheckoutData = () => removeItem('session', CHECKOUT_DATA_KEY);
