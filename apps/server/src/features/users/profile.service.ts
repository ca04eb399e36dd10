import { fromMinorUnitsOrNull, toCentralIso, type UserProfile } from '@app/shared';
import type { ProfileRow } from './repository';

const central = (date: Date | null) => (date ? toCentralIso(date) : null);

/** The billing address as the API shows it; one an admin saved in part still shows, its missing parts empty. */
export function billingAddressOf(user: ProfileRow): UserProfile['billingAddress'] {
  const parts = [user.billingStreet, user.billingCity, user.billingState, user.billingZip, user.billingCountry];
  if (parts.every((part) => part === null)) return null;
  return {
    street: user.billingStreet ?? '',
    city: user.billingCity ?? '',
    state: user.billingState ?? '',
    zip: user.billingZip ?? '',
    country: user.billingCountry ?? '',
  };
}

type AddressPart = string | null;

/** The stored columns of a billing address, the reverse of billingAddressOf; no address empties them all. */
export const billingColumnsOf = (
  address: { street: AddressPart; city: AddressPart; state: AddressPart; zip: AddressPart; country: AddressPart } | null,
) => ({
  billingStreet: address?.street ?? null,
  billingCity: address?.city ?? null,
  billingState: address?.state ?? null,
  billingZip: address?.zip ?? null,
  billingCountry: address?.country ?? null,
});

/** The card as stored: brand, last 4, expiry and name, never more. */
export const cardDetailsOf = (user: ProfileRow): UserProfile['cardDetails'] =>
  user.cardLast4 ? { cardholderName: user.cardholderName, last4: user.cardLast4, expiry: user.cardExpiry, brand: user.cardBrand } : null;

/** The user as shown to their owner: no password hash, no internal timestamps. */
export function toProfile(user: ProfileRow): UserProfile {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: `${user.firstName} ${user.lastName}`.trim(),
    customerPhone: user.customerPhone,
    dob: user.dob,
    zip: user.zip,
    symptoms: user.symptoms,
    customerId: user.customerId,
    roles: user.roles,
    verified: user.verified,
    emailVerificationStat: user.verified ? 'verified' : 'unverified',
    subscriptionPlan: user.subscriptionPlan,
    planId: user.subscriptionPlan,
    subscriptionStatus: user.subscriptionStatus,
    subscriptionAmount: fromMinorUnitsOrNull(user.subscriptionAmountCents),
    smsPolicyAccepted: user.smsPolicyAccepted,
    submittedAt: user.submittedAt?.toISOString() ?? null,
    methodOfSubscription: user.methodOfSubscription,
    subscriptionStartDate: central(user.subscriptionStartDate),
    nextSubscriptionRenewDate: central(user.nextSubscriptionRenewDate),
    subscriptionEndDate: central(user.subscriptionEndDate),
    subscriptionCancelledDate: central(user.subscriptionCancelledDate),
    billingAddress: billingAddressOf(user),
    cardDetails: cardDetailsOf(user),
  };
}
