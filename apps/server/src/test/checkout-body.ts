import { AUTO_RENEWAL_TERMS_VERSION } from '@app/shared';

/**
 * A complete, valid checkout body for PUT /api/users/{id}/subscription, for the tests and the drill
 * alike: it imports nothing from Vitest, so a script run under plain Node can use it too.
 */
export function checkoutBody(overrides: { card?: Record<string, unknown>; [key: string]: unknown } = {}) {
  const { card, ...rest } = overrides;
  const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
  return {
    planId: 'individualMonthly',
    planName: 'Individual Monthly',
    planPrice: '$29.99',
    planAmount: 29.99,
    emailId: 'patient@example.com',
    methodOfSubscription: 'online',
    autoRenewalTermsVersion: AUTO_RENEWAL_TERMS_VERSION,
    billingAddress: { street: '500 Market St', city: 'Saint Louis', state: 'MO', zip: '63101', country: 'United States' },
    contact: {
      fullName: 'Avery Stone',
      email: 'patient@example.com',
      phone: '(314) 555-0100',
      address: '500 Market St',
      city: 'Saint Louis',
      state: 'MO',
      zip: '63101',
      country: 'United States',
    },
    cardDetails: {
      cardholderName: 'Avery Stone',
      cardNumber: '4242424242424242',
      cvv: '123',
      expiry: `12/${nextYear}`,
      last4: '4242',
      brand: 'Visa',
      ...card,
    },
    ...rest,
  };
}

/** The card that pays for a visit or replaces the one renewals use: the checkout's billing address and card, 4242… unless changed. */
export function cardPaymentBody(cardNumber = '4242424242424242') {
  const { billingAddress, cardDetails } = checkoutBody();
  const { cardholderName, cvv, expiry } = cardDetails;
  return { billingAddress, cardDetails: { cardholderName, cardNumber, cvv, expiry } };
}
