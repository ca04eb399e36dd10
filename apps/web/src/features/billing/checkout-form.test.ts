import { messages, subscriptionRequestSchema } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { testPlans } from '../../test/helpers';
import {
  buildSubscriptionRequest,
  caretAfterDigits,
  filterCardNumber,
  filterCvc,
  filterExpiry,
  groupCardNumber,
  initialCheckoutValues,
  checkoutServerErrors,
  validateCheckout,
  validateCheckoutField,
  type CheckoutValues,
} from './checkout-form';
import { buildCheckoutData, parseCheckoutData } from './checkout-data';

const valid: CheckoutValues = {
  email: 'pat@example.com',
  phone: '(314) 555-0100',
  fullName: 'Pat Lee',
  street: '1 Main St',
  city: 'Saint Louis',
  state: 'MO',
  zip: '63101',
  country: 'United States',
  cardholderName: 'Pat Lee',
  cardNumber: '4242424242424242',
  expiry: '12/40',
  cvc: '123',
};

describe('checkout input filters', () => {
  it('keeps card digits only, at most 19, and groups them for display', () => {
    expect(filterCardNumber('4242-4242 abc 4242 4242 9999 12')).toBe('4242424242424242999');
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(groupCardNumber('4242424242424242999')).toBe('4242 4242 4242 4242 999');
    expect(groupCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(caretAfterDigits('4242 4242', 5)).toBe(6);
    expect(caretAfterDigits('4242 4242', 0)).toBe(0);
  });

  it('formats the expiry as MM/YY and the CVC as up to 4 digits', () => {
    expect(filterExpiry('1229')).toBe('12/29');
    expect(filterExpiry('12/2')).toBe('12/2');
    expect(filterExpiry('12/')).toBe('12');
    expect(filterExpiry('4')).toBe('04');
    expect(filterExpiry('1/')).toBe('01');
    expect(filterExpiry('1/28')).toBe('01/28');
    expect(filterExpiry('ab0130xx')).toBe('01/30');
    expect(filterCvc('1a2b3c4d5')).toBe('1234');
  });
});

describe('checkout validation', () => {
  const check = (patch: Partial<CheckoutValues>, field: keyof CheckoutValues) => validateCheckoutField(field, { ...valid, ...patch });

  it('uses the shared messages', () => {
    expect(check({ email: 'nope' }, 'email')).toBe(messages.forgotInvalid);
    expect(check({ phone: '555 0100' }, 'phone')).toBe(messages.paymentPhone);
    expect(check({ fullName: '  ' }, 'fullName')).toBe('Full name is required.');
    expect(check({ street: '' }, 'street')).toBe('Street address is required.');
    expect(check({ cardholderName: '' }, 'cardholderName')).toBe('Name on card is required.');
    expect(check({ zip: '' }, 'zip')).toBe('ZIP is required.');
    expect(check({ cardNumber: '424242424242' }, 'cardNumber')).toBe(messages.cardNumberLength);
    expect(check({ cardNumber: '4242424242424241' }, 'cardNumber')).toBe(messages.cardNumberInvalid);
    expect(check({ expiry: '13/40' }, 'expiry')).toBe(messages.expiryMonth);
    expect(check({ expiry: '01/20' }, 'expiry')).toBe(messages.cardExpired);
    expect(check({ expiry: '1240' }, 'expiry')).toBe(messages.expiryFormat);
    expect(check({ cvc: '12' }, 'cvc')).toBe('CVC must be 3 digits.');
    expect(check({ cardNumber: '378282246310005', cvc: '123' }, 'cvc')).toBe('CVC must be 4 digits.');
    expect(check({ cardNumber: '378282246310005', cvc: '1234' }, 'cvc')).toBeNull();
  });

  it('validates the whole form with the shared schema', () => {
    expect(validateCheckout(valid).ok).toBe(true);
    const result = validateCheckout({ ...valid, email: '', cvc: '1' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toEqual({ email: messages.forgotInvalid, cvc: 'CVC must be 3 digits.' });
  });

  it('maps the server field names onto the form', () => {
    expect(
      checkoutServerErrors({ 'cardDetails.cardNumber': 'bad', 'contact.phone': 'short', 'billingAddress.zip': 'zip', other: 'x' }),
    ).toEqual({
      cardNumber: 'bad',
      phone: 'short',
      zip: 'zip',
    });
    expect(checkoutServerErrors(['x'])).toEqual({});
  });
});

describe('checkout data and request', () => {
  const profile = {
    id: 'u1',
    email: 'pat@example.com',
    firstName: 'Pat',
    lastName: 'Lee',
    fullName: 'Pat Lee',
    customerPhone: '3145550100',
    zip: '63101',
    subscriptionStatus: 'pending',
    billingAddress: null,
  } as unknown as Parameters<typeof buildCheckoutData>[0];

  it('builds the subscription request from the profile and plan, and reads it back', () => {
    const data = buildCheckoutData(profile, testPlans[0]!);
    expect(data).toMatchObject({
      planId: 'individualMonthly',
      planName: 'Individual Monthly',
      planPrice: '$29.99',
      planAmount: 29.99,
      planPeriod: 'month',
      planFeatures: testPlans[0]!.features,
      user: {
        id: 'u1',
        email: 'pat@example.com',
        phone: '3145550100',
        zip: '63101',
        country: 'United States',
        subscriptionStatus: 'pending',
      },
      billingAddress: { street: '', zip: '63101', country: 'United States' },
      contact: { fullName: 'Pat Lee', email: 'pat@example.com', phone: '3145550100', zip: '63101', country: 'United States' },
    });
    expect(parseCheckoutData(JSON.parse(JSON.stringify(data)))).toEqual(data);
    expect(parseCheckoutData({ planId: 'gold' })).toBeNull();
    expect(initialCheckoutValues(data)).toMatchObject({
      phone: '(314) 555-0100',
      fullName: 'Pat Lee',
      country: 'United States',
      cardNumber: '',
    });
  });

  it('sends digits, last 4, brand and US Central term dates for a monthly plan', () => {
    const startedAt = new Date('2026-11-22T14:01:02Z');
    const body = buildSubscriptionRequest({ ...valid, cardNumber: '4242 4242 4242 4242' }, testPlans[0]!, {
      startedAt,
      accountEmail: 'pat@example.com',
    });
    expect(body).toMatchObject({
      planId: 'individualMonthly',
      planAmount: 29.99,
      emailId: 'pat@example.com',
      methodOfSubscription: 'online',
      contact: { phone: '3145550100', address: '1 Main St' },
      cardDetails: { cardNumber: '4242424242424242', last4: '4242', brand: 'Visa', cvv: '123', expiry: '12/40', cardholderName: 'Pat Lee' },
      subscriptionStartDate: '2026-11-22T08:01:02-06:00',
      nextSubscriptionRenewDate: '2026-12-22T08:01:02-06:00',
      subscriptionEndDate: '2026-12-22T08:01:02-06:00',
      subscriptionCancelledDate: null,
      subscriptionMethodOfCancelling: '',
    });
    expect(subscriptionRequestSchema.safeParse(body).success).toBe(true);
    const visit = buildSubscriptionRequest(valid, testPlans[2]!, { startedAt });
    expect(visit).not.toHaveProperty('subscriptionStartDate');
    expect(subscriptionRequestSchema.safeParse(visit).success).toBe(true);
  });
});
