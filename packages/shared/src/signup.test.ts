import { describe, expect, it } from 'vitest';
import { fieldErrors } from './api';
import { latestAdultBirthDate, parseIsoDate, toIsoDate } from './dates';
import { messages } from './messages';
import { normalizePlanId } from './plans';
import { formatPhone, phoneDigits } from './phone';
import { CUSTOMER_ID_PATTERN, generateCustomerId, registrationSchema, signupFields, signupFormSchema } from './signup';

const valid = {
  firstName: 'Avery',
  lastName: 'Stone',
  email: 'avery@example.com',
  customerPhone: '(314) 555-0100',
  password: 'Str0ng!pass',
  confirmPassword: 'Str0ng!pass',
  dob: '1985-04-12',
  zip: '63101',
  symptoms: '',
  subscriptionPlan: 'familyMonthly',
  smsPolicyAccepted: true,
};

const errorsFor = (change: Record<string, unknown>) => {
  const result = signupFormSchema.safeParse({ ...valid, ...change });
  return result.success ? {} : fieldErrors(result.error);
};

const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setDate(d.getDate() + days);
  return toIsoDate(d);
};

describe('sign-up form rules (docs/product.md, Validation)', () => {
  it('accepts a complete form, digits-only phone and no symptoms', () => {
    const parsed = signupFormSchema.parse(valid);
    expect(parsed.customerPhone).toBe('3145550100');
    expect(parsed.email).toBe('avery@example.com');
  });

  it.each([
    [{ firstName: '' }, 'firstName', messages.required],
    [{ lastName: ' ' }, 'lastName', messages.required],
    [{ email: 'avery@' }, 'email', messages.email],
    [{ email: 'avery example.com' }, 'email', messages.email],
    [{ customerPhone: '314555010' }, 'customerPhone', messages.phone],
    [{ customerPhone: '' }, 'customerPhone', messages.phone],
    [{ password: 'password', confirmPassword: 'password' }, 'password', messages.password],
    [{ confirmPassword: 'Str0ng!pasS' }, 'confirmPassword', messages.passwordsDoNotMatch],
    [{ dob: '' }, 'dob', messages.dobRequired],
    [{ dob: '2001-13-01' }, 'dob', messages.dobInvalid],
    [{ dob: 'yesterday' }, 'dob', messages.dobInvalid],
    [{ dob: yearsAgo(-2) }, 'dob', messages.dobFuture],
    [{ dob: yearsAgo(17) }, 'dob', messages.dobTooYoung],
    [{ dob: yearsAgo(18, 1) }, 'dob', messages.dobTooYoung],
    [{ zip: '' }, 'zip', messages.zipRequired],
    [{ zip: '12345678901' }, 'zip', messages.zipTooLong],
    [{ subscriptionPlan: '' }, 'subscriptionPlan', messages.planRequired],
    [{ smsPolicyAccepted: false }, 'smsPolicyAccepted', messages.smsTerms],
  ])('%j → %s: %s', (change, field, message) => {
    expect(errorsFor(change)[field]).toBe(message);
  });

  it('accepts someone turning 18 today, and no symptoms', () => {
    expect(errorsFor({ dob: yearsAgo(18) })).toEqual({});
    expect(errorsFor({ symptoms: undefined })).toEqual({});
  });

  it('validates one field alone, as the form does on change', () => {
    expect(signupFields.email.safeParse('x').success).toBe(false);
    expect(signupFields.zip.safeParse('63101').success).toBe(true);
  });

  it('the server payload refuses unknown fields but accepts what the old client sent', () => {
    const { confirmPassword: _c, ...payload } = valid;
    expect(
      registrationSchema.safeParse({
        ...payload,
        customerIp: '1.2.3.4',
        submittedAt: 'x',
        subscriptionAmount: '29.99',
        customerId: 'CONS-AB12CD34',
      }).success,
    ).toBe(true);
    expect(registrationSchema.safeParse({ ...payload, roles: ['ROLE_ADMIN'] }).success).toBe(false);
  });
});

describe('phone formatting', () => {
  it.each([
    ['', ''],
    ['3', '(3'],
    ['314', '(314'],
    ['3145', '(314) 5'],
    ['314555', '(314) 555'],
    ['3145550', '(314) 555-0'],
    ['314-555-0100', '(314) 555-0100'],
    ['31455501009999', '(314) 555-0100'],
  ])('%s → %s', (input, shown) => {
    expect(formatPhone(input)).toBe(shown);
  });
  it('keeps at most 10 digits', () => {
    expect(phoneDigits('+1 (314) 555-0100 x9')).toBe('1314555010');
  });
});

describe('dates', () => {
  it('sets the latest allowed birth date to today minus 18 years', () => {
    expect(latestAdultBirthDate(new Date(2026, 10, 22))).toBe('2008-11-22');
    expect(latestAdultBirthDate(new Date(2024, 1, 29))).toBe('2006-02-28');
  });
  it('rejects impossible days', () => {
    expect(parseIsoDate('2023-02-29')).toBeNull();
    expect(parseIsoDate('2024-02-29')).not.toBeNull();
  });
});

describe('plans and customer ids', () => {
  it('reads onetimevisit as oneTimeVisit', () => {
    expect(normalizePlanId('onetimevisit')).toBe('oneTimeVisit');
    expect(normalizePlanId('FAMILYMONTHLY')).toBe('familyMonthly');
    expect(normalizePlanId('gold')).toBeNull();
  });
  it('generates CONS- plus 8 upper-case characters', () => {
    for (let i = 0; i < 50; i++) expect(generateCustomerId()).toMatch(CUSTOMER_ID_PATTERN);
  });
});
