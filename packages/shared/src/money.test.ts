import { describe, expect, it } from 'vitest';
import { centsToDollars, countsAsMonthlyRevenue, dollarsToCents, formatUsd } from './money';

describe('money helpers', () => {
  it('converts between dollars and integer cents without float drift', () => {
    expect(dollarsToCents(29.99)).toBe(2999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(centsToDollars(4999)).toBe(49.99);
    expect(formatUsd(5999)).toBe('$59.99');
    expect(formatUsd(100000)).toBe('$1000.00');
  });

  it('counts only monthly plans as monthly revenue, never a one-time visit', () => {
    expect(countsAsMonthlyRevenue('individualMonthly')).toBe(true);
    expect(countsAsMonthlyRevenue('familymonthly')).toBe(true);
    expect(countsAsMonthlyRevenue('oneTimeVisit')).toBe(false);
    expect(countsAsMonthlyRevenue('onetimevisit')).toBe(false);
    expect(countsAsMonthlyRevenue(null)).toBe(false);
  });
});
