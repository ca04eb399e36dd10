import { centsToDollarsOrNull, normalizePlanId, toCentralIso, toTimestamp, type AdminUser } from '@app/shared';
import type { UserRow } from '../users/repository';

const timestamp = (date: Date | null) => (date ? toTimestamp(date) : null);

/**
 * A user as an admin sees it (spec 2 §3): every field but secrets. The card fields come from the
 * stored brand, last 4, expiry and name, the only card data kept; the legacy names repeat them.
 */
export function toAdminUser(user: UserRow): AdminUser {
  const billingParts = [user.billingStreet, user.billingCity, user.billingState, user.billingZip, user.billingCountry];
  const card = user.cardLast4 ? { cardholderName: user.cardholderName, last4: user.cardLast4, expiry: user.cardExpiry, brand: user.cardBrand } : null;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: `${user.firstName} ${user.lastName}`.trim(),
    roles: user.roles,
    customerPhone: user.customerPhone,
    dob: user.dob,
    zip: user.zip,
    symptoms: user.symptoms,
    subscriptionStatus: user.subscriptionStatus,
    subscriptionPlan: user.subscriptionPlan ? (normalizePlanId(user.subscriptionPlan) ?? user.subscriptionPlan) : null,
    subscriptionAmount: centsToDollarsOrNull(user.subscriptionAmountCents),
    methodOfSubscription: user.methodOfSubscription,
    subscriptionMethodOfCancelling: user.subscriptionMethodOfCancelling,
    customerState: user.customerState,
    customerCountry: user.customerCountry,
    customerId: user.customerId,
    customerIp: user.customerIp,
    // The day of submission on the calendar the business keeps (America/Chicago).
    submittedDate: user.submittedAt ? toCentralIso(user.submittedAt).slice(0, 10) : null,
    submittedLocalTime: user.submittedLocalTime,
    verified: user.verified,
    smsPolicyAccepted: user.smsPolicyAccepted,
    emailVerificationStat: user.verified ? 'verified' : 'unverified',
    // An address an admin saved in part still shows, its missing parts empty.
    billingAddress: billingParts.some((part) => part !== null)
      ? {
          street: user.billingStreet ?? '',
          city: user.billingCity ?? '',
          state: user.billingState ?? '',
          zip: user.billingZip ?? '',
          country: user.billingCountry ?? '',
        }
      : null,
    cardDetails: card,
    cardName: card?.cardholderName ?? null,
    cardExpiry: card?.expiry ?? null,
    lastFourDigitsOfCard: card?.last4 ?? null,
    submittedAt: timestamp(user.submittedAt),
    subscriptionStartDate: timestamp(user.subscriptionStartDate),
    nextSubscriptionRenewDate: timestamp(user.nextSubscriptionRenewDate),
    subscriptionEndDate: timestamp(user.subscriptionEndDate),
    subscriptionCancelledDate: timestamp(user.subscriptionCancelledDate),
  };
}
