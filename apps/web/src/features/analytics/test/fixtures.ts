import type { AnalyticsSeries } from '@app/shared';
import { json, mockApi } from '../../../test/helpers';

const summary = { totalUsers: 1234, activeSubscriptions: 321, revenueMonthly: 12345.5, signupsLast7: 17 };

const series: AnalyticsSeries = {
  interval: 'day',
  from: '2026-11-01',
  to: '2026-11-02',
  buckets: [
    { start: '2026-11-01', signups: 3, newMemberships: 2, endedMemberships: 0, revenueMonthly: 1000, cashCollected: 89.98 },
    { start: '2026-11-02', signups: 5, newMemberships: 1, endedMemberships: 1, revenueMonthly: 1029.99, cashCollected: 29.99 },
  ],
};

const profit = {
  months: [
    { month: '2026-10', revenueMonthly: 1000, cashCollected: 900, expensesUsd: 400, net: 500 },
    { month: '2026-11', revenueMonthly: 1100, cashCollected: 300, expensesUsd: 450.25, net: -150.25 },
  ],
};

/** What the server answers the figures by default: the four numbers, two days of series, two months of profit. */
export const analyticsAnswers = () => ({
  'GET /api/admin/analytics/summary': json(200, summary),
  'GET /api/admin/analytics/series': json(200, series),
  'GET /api/admin/analytics/profit': json(200, profit),
});

/** A server answering the figures with these fixtures, unless `handlers` say otherwise. */
export const analyticsApi = (handlers: Parameters<typeof mockApi>[0] = {}) => mockApi({ ...analyticsAnswers(), ...handlers });
