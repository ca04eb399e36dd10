import { describe, expect, it } from 'vitest';
import { countsAsMonthlyRevenue, formatAmount, formatUsd, fromMinorUnits, fromMinorUnitsOrNull, toMinorUnits } from './money';
import { PLAN_IDS } from './plan-ids';

describe('money helpers', () => {
  it('converts between the unit and integer minor units without float drift', () => {
    expect(toMinorUnits(29.99)).toBe(2999);
    expect(toMinorUnits(0.1 + 0.2)).toBe(30);
    expect(fromMinorUnits(4999)).toBe(49.99);
    expect(fromMinorUnitsOrNull(null)).toBeNull();
  });

  it('formats dollars and rupees to two decimals, grouped as each country groups them', () => {
    expect(formatUsd(5999)).toBe('$59.99');
    expect(formatUsd(100000)).toBe('$1,000.00');
    expect(formatAmount(12345.6, 'USD')).toBe('$12,345.60');
    expect(formatAmount(102345, 'INR')).toBe('₹1,02,345.00');
  });

  it('counts only monthly plans as monthly revenue, never a one-time visit', () => {
    expect(PLAN_IDS.filter(countsAsMonthlyRevenue)).toEqual(['individualMonthly', 'familyMonthly']);
  });
});
