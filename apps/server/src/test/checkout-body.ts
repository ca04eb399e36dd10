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
