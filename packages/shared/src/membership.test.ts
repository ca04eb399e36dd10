import { describe, expect, it } from 'vitest';
import { centralDay, centralMidnight, formatCentralDate } from './dates';
import { addDays, isActiveStatus, MEMBERSHIP_TERM_DAYS, SUBSCRIPTION_STATUSES } from './membership';

describe('membership rules', () => {
  it("counts a membership as active when its status is 'active', and nothing else", () => {
    expect(SUBSCRIPTION_STATUSES.filter(isActiveStatus)).toEqual(['active']);
    expect([null, undefined].map(isActiveStatus)).toEqual([false, false]);
  });

  it('runs a paid period 30 days of 24 hours from the payment', () => {
    expect(MEMBERSHIP_TERM_DAYS).toBe(30);
    expect(addDays(new Date('2026-11-01T12:00:00Z'), MEMBERSHIP_TERM_DAYS).toISOString()).toBe('2026-12-01T12:00:00.000Z');
    expect(addDays(new Date('2026-11-01T12:00:00Z'), -1).toISOString()).toBe('2026-10-31T12:00:00.000Z');
  });
});

describe('US Central calendar', () => {
  // 03:00 UTC on 2 November 2026 is 9 PM on 1 November in Chicago (standard time, UTC−6).
  const lateEvening = new Date('2026-11-02T03:00:00Z');

  it('writes a day as the site shows it, long or medium', () => {
    expect(formatCentralDate(lateEvening)).toBe('November 1, 2026');
    expect(formatCentralDate(lateEvening, 'medium')).toBe('Nov 1, 2026');
  });

  it('gives the calendar day as YYYY-MM-DD', () => {
    expect(centralDay(lateEvening)).toBe('2026-11-01');
    expect(centralDay(new Date('2026-07-01T04:59:00Z'))).toBe('2026-06-30');
  });

  it('starts a day at Central midnight, in daylight and in standard time and on the days the clocks change', () => {
    expect(centralMidnight('2026-07-01')?.toISOString()).toBe('2026-07-01T05:00:00.000Z');
    expect(centralMidnight('2026-12-01')?.toISOString()).toBe('2026-12-01T06:00:00.000Z');
    expect(centralMidnight('2026-03-08')?.toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(centralMidnight('2026-11-01')?.toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(centralMidnight('2026-02-30')).toBeNull();
    expect(centralMidnight('1 Nov 2026')).toBeNull();
  });
});
