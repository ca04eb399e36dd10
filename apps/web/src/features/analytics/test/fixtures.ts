import type { AnalyticsSeries, AnalyticsSummary, Profit, VisitAnalytics } from '@app/shared';
import { json, mockApi } from '../../../test/helpers';

const summary: AnalyticsSummary = {
  totalUsers: 1234,
  activeSubscriptions: 321,
  revenueMonthly: 12345.5,
  signupsLast7: 17,
  previous: { day: '2026-10-22', totalUsers: 1200, activeSubscriptions: 321, revenueMonthly: 12500, signupsLast7: 0 },
};

const series: AnalyticsSeries = {
  interval: 'day',
  from: '2026-11-01',
  to: '2026-11-02',
  buckets: [
    { start: '2026-11-01', signups: 3, newMemberships: 2, endedMemberships: 0, revenueMonthly: 1000, cashCollected: 89.98, partial: false },
    {
      start: '2026-11-02',
      signups: 5,
      newMemberships: 1,
      endedMemberships: 1,
      revenueMonthly: 1029.99,
      cashCollected: 29.99,
      partial: true,
    },
  ],
};

const profit: Profit = {
  months: [
    { month: '2026-10', revenueMonthly: 1000, cashCollected: 900, expensesUsd: 400, net: 500, partial: false },
    { month: '2026-11', revenueMonthly: 1100, cashCollected: 300, expensesUsd: 450.25, net: -150.25, partial: true },
  ],
};

const zero = { 'urgent-care': 0, 'primary-care': 0, 'womens-health': 0, 'pediatric-care': 0 };
const visits: VisitAnalytics = {
  from: '2026-10-23',
  to: '2026-11-21',
  days: [
    { day: '2026-11-20', byService: { ...zero, 'urgent-care': 3, 'primary-care': 1 } },
    { day: '2026-11-21', byService: { ...zero, 'womens-health': 2, 'pediatric-care': 4 } },
  ],
  wait: { claimed: 12, medianMinutes: 5.5, p90Minutes: 9.1 },
  completed: 1041,
  cancelled: 7,
  clinicians: [
    { id: 'c1', name: 'Grace Hopper', credentials: 'MD', closed: 6 },
    { id: 'c2', name: 'Ada Lovelace', credentials: 'NP', closed: 3 },
  ],
};

/** What the server answers the figures by default: the four numbers, two days of series, two months of profit, two days of visits. */
export const analyticsAnswers = () => ({
  'GET /api/admin/analytics/summary': json(200, summary),
  'GET /api/admin/analytics/series': json(200, series),
  'GET /api/admin/analytics/profit': json(200, profit),
  'GET /api/admin/analytics/visits': json(200, visits),
});

/** A server answering the figures with these fixtures, unless `handlers` say otherwise. */
export const analyticsApi = (handlers: Parameters<typeof mockApi>[0] = {}) => mockApi({ ...analyticsAnswers(), ...handlers });
