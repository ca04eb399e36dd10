import { describe, expect, it } from 'vitest';
import { adminUserUpdateSchema } from './admin';
import { exchangeRateUpdateSchema, expenseUpdateSchema } from './expenses';
import { messages } from './messages';

// Each decimal an admin enters, parsed as the form and the route parse it: the value, or the field's first message.
const fields = [
  {
    name: 'the exchange rate',
    parse: (value: unknown) => exchangeRateUpdateSchema.safeParse({ inrPerUsd: value }),
    read: (data: Record<string, unknown>) => data.inrPerUsd,
    message: messages.exchangeRateInvalid,
    range: [10, 1000],
  },
  {
    name: 'an expense amount',
    parse: (value: unknown) => expenseUpdateSchema.safeParse({ originalAmount: value }),
    read: (data: Record<string, unknown>) => data.originalAmount,
    message: messages.expenseAmountInvalid,
    range: [0, 10_000_000],
  },
  {
    name: 'a subscription amount',
    parse: (value: unknown) =>
      adminUserUpdateSchema.safeParse({
        email: 'pat@example.com',
        roles: 'user',
        verified: true,
        smsPolicyAccepted: true,
        subscriptionAmount: value,
      }),
    read: (data: Record<string, unknown>) => data.subscriptionAmount,
    message: messages.amountInvalid,
    range: [0, 100_000],
  },
] as const;

function outcome(field: (typeof fields)[number], value: unknown) {
  const result = field.parse(value);
  return result.success ? { value: field.read(result.data) } : { message: result.error.issues[0]?.message };
}

describe.each(fields)('$name', (field) => {
  const [min, max] = field.range;

  it('#22 refuses what is not a plain decimal instead of coercing it', () => {
    for (const loose of [
      true,
      false,
      '0x10',
      '0b1',
      '1e2',
      '12.',
      '.5',
      '+12',
      '-12',
      '1 000',
      '12,50',
      'Infinity',
      'NaN',
      [12],
      { value: 12 },
    ]) {
      expect(outcome(field, loose), JSON.stringify(loose)).toEqual({ message: field.message });
    }
  });

  it('#22 refuses what lies outside its range', () => {
    for (const outside of [min - 0.01, max + 0.01, String(max + 1), 1e21, 0.0001]) {
      expect(outcome(field, outside), String(outside)).toEqual({ message: field.message });
    }
  });

  it('takes a JSON number or decimal text from the lowest to the highest, spaces around it trimmed', () => {
    expect(outcome(field, min)).toEqual({ value: min });
    expect(outcome(field, String(max))).toEqual({ value: max });
    expect(outcome(field, ' 83.50 ')).toEqual({ value: 83.5 });
    expect(outcome(field, 83.25)).toEqual({ value: 83.25 });
  });
});

it('keeps the rate to 4 decimals and amounts to 2', () => {
  expect(outcome(fields[0], '83.1234')).toEqual({ value: 83.1234 });
  expect(outcome(fields[0], 83.12345)).toEqual({ message: messages.exchangeRateInvalid });
  expect(outcome(fields[1], '1.234')).toEqual({ message: messages.expenseAmountInvalid });
  expect(outcome(fields[2], 1.234)).toEqual({ message: messages.amountInvalid });
});

it('reads a blank amount as none (an expense as 0), and refuses a blank rate', () => {
  for (const blank of [undefined, null, '', '  ']) {
    expect(outcome(fields[0], blank), JSON.stringify(blank)).toEqual({ message: messages.exchangeRateInvalid });
    expect(outcome(fields[1], blank), JSON.stringify(blank)).toEqual({ value: 0 });
    expect(outcome(fields[2], blank), JSON.stringify(blank)).toEqual({ value: null });
  }
});
