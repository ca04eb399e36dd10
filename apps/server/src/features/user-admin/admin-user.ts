import { fromMinorUnitsOrNull, toCentralIso, toTimestamp, type AdminUser } from '@app/shared';
import { billingAddressOf, cardDetailsOf, type UserRow } from '../users';

const timestamp = (date: Date | null) => (date ? toTimestamp(date) : null);

/**
 * A user as an admin sees it (docs/product.md, Data): every field but secrets. The card fields come from the
 * stored brand, last 4, expiry and name, the only card data kept; the legacy names repeat them.
 */
export function toAdminUser(user: UserRow): AdminUser {
  const card = cardDetailsOf(user);
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
    subscriptionPlan: user.subscriptionPlan,
    subscriptionAmount: fromMinorUnitsOrNull(user.subscriptionAmountCents),
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
    billingAddress: billingAddressOf(user),
    cardDetails: card,
    cardName: card?.cardholderName ?? null,
    cardExpiry: card?.expiry ?? null,
    lastFourDigitsOfCard: card?.last4 ?? null,
    submittedAt: timestamp(user.submittedAt),
    subscriptionStartDate: timestamp(user.subscriptionStartDate),
    nextSubscriptionRenewDate: timestamp(user.nextSubscriptionRenewDate),
    subscriptionEndDate: timestamp(user.subscriptionEndDate),
    subscriptionCancelledDate: timestamp(user.subscriptionCancelledDate),
    disabledAt: user.disabledAt?.toISOString() ?? null,
  };
}
