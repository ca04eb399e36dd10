import { describe, expect, it } from 'vitest';
import { fieldErrors } from './api';
import { messages } from './messages';
import {
  cardDigits,
  cardNumberProblem,
  checkoutFormSchema,
  cvcLength,
  detectCardBrand,
  expiryProblem,
  formatExpiry,
  passesLuhn,
} from './payment';

const today = new Date(2026, 10, 22); // 22 November 2026

describe('Luhn and card numbers', () => {
  it.each(['4242424242424242', '4000000000000002', '378282246310005', '6011111111111117', '5555555555554444', '2223003122003222'])(
    '%s passes Luhn',
    (n) => {
      expect(passesLuhn(n)).toBe(true);
      expect(cardNumberProblem(n)).toBeNull();
    },
  );
  it.each(['4242424242424241', '378282246310006', '1234567812345678'])('%s fails Luhn', (n) => {
    expect(cardNumberProblem(n)).toBe(messages.cardNumberInvalid);
  });
  it.each(['', '424242424242', '42424242424242424242', '4242 abcd 4242'])('%j is not 13-19 digits', (n) => {
    expect(cardNumberProblem(n)).toBe(messages.cardNumberLength);
  });
  it('accepts 13 and 19 digits when Luhn holds', () => {
    expect(cardNumberProblem('4222222222222')).toBeNull();
    expect(cardNumberProblem('4000000000000000006')).toBeNull();
  });
  it('filters typed input to at most 19 digits', () => {
    expect(cardDigits('4242-4242 4242x4242 1234 5678')).toBe('4242424242424242123');
  });
});

describe('card brands', () => {
  it.each([
    ['4242424242424242', 'Visa'],
    ['5555555555554444', 'Mastercard'],
    ['2223003122003222', 'Mastercard'],
    ['378282246310005', 'American Express'],
    ['341111111111111', 'American Express'],
    ['6011111111111117', 'Discover'],
    ['6500000000000002', 'Discover'],
    ['9999999999999995', null],
  ])('%s is %s', (n, brand) => {
    expect(detectCardBrand(n)).toBe(brand);
  });
  it('asks 4 CVC digits for American Express and 3 for the others', () => {
    expect(cvcLength('378282246310005')).toBe(4);
    expect(cvcLength('4242424242424242')).toBe(3);
  });
});

describe('expiry', () => {
  it('formats typed digits as MM/YY', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('12/289')).toBe('12/28');
  });
  it.each([
    ['11/26', null],
    ['12/26', null],
    ['01/27', null],
    ['10/26', messages.cardExpired],
    ['12/25', messages.cardExpired],
    ['13/27', messages.expiryMonth],
    ['00/27', messages.expiryMonth],
    ['1/27', messages.expiryFormat],
    ['1127', messages.expiryFormat],
    ['', messages.expiryFormat],
  ])('%j on 22 Nov 2026 → %s', (value, problem) => {
    expect(expiryProblem(value, today)).toBe(problem);
  });
});

describe('the checkout form', () => {
  const valid = {
    email: 'pat@example.com',
    phone: '(314) 555-0100',
    fullName: 'Pat Doe',
    street: '500 Market St',
    city: 'Saint Louis',
    state: 'MO',
    zip: '63101',
    country: 'United States',
    cardholderName: 'Pat Doe',
    cardNumber: '4242424242424242',
    expiry: '12/39',
    cvc: '123',
  };
  const errors = (change: Record<string, string>) => {
    const result = checkoutFormSchema.safeParse({ ...valid, ...change });
    return result.success ? {} : fieldErrors(result.error);
  };

  it('accepts a complete form', () => {
    expect(errors({})).toEqual({});
  });
  it.each([
    [{ email: 'pat@' }, 'email', messages.forgotInvalid],
    [{ phone: '555-0100' }, 'phone', messages.paymentPhone],
    [{ fullName: '' }, 'fullName', messages.fieldRequired('Full name')],
    [{ street: ' ' }, 'street', messages.fieldRequired('Street address')],
    [{ city: '' }, 'city', messages.fieldRequired('City')],
    [{ state: '' }, 'state', messages.fieldRequired('State')],
    [{ zip: '' }, 'zip', messages.fieldRequired('ZIP')],
    [{ country: '' }, 'country', messages.fieldRequired('Country')],
    [{ cardholderName: '' }, 'cardholderName', messages.fieldRequired('Name on card')],
    [{ cvc: '12' }, 'cvc', messages.cvcLength(3)],
    [{ cvc: '1234' }, 'cvc', messages.cvcLength(3)],
    [{ cardNumber: '378282246310005', cvc: '123' }, 'cvc', messages.cvcLength(4)],
  ])('%j → %s: %s', (change, field, message) => {
    expect(errors(change)[field]).toBe(message);
  });
  it('accepts a 4-digit CVC on American Express', () => {
    expect(errors({ cardNumber: '378282246310005', cvc: '1234' })).toEqual({});
  });
});
