import type { AnalyticsSeries, AnalyticsSeriesQuery, AnalyticsSummary, Profit, VisitAnalytics } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/analytics/summary: the four numbers (docs/product.md, Admin dashboard). */
export const getAnalyticsSummary = (signal?: AbortSignal) => apiRequest<AnalyticsSummary>('/api/admin/analytics/summary', { signal });

/** GET /api/admin/analytics/series: the same business over time, per America/Chicago day, week or month. */
export const getAnalyticsSeries = ({ from, to, interval }: AnalyticsSeriesQuery, signal?: AbortSignal) =>
  apiRequest<AnalyticsSeries>(`/api/admin/analytics/series?${new URLSearchParams({ from, to, interval }).toString()}`, { signal });

/**
 * GET /api/admin/analytics/profit: per month from..to (YYYY-MM), revenue against the expenses in dollars. The server
 * sums the expenses, so the profit panel needs nothing of the expenses capability.
 */
export const getProfit = (range: { from: string; to: string }, signal?: AbortSignal) =>
  apiRequest<Profit>(`/api/admin/analytics/profit?${new URLSearchParams(range).toString()}`, { signal });

/** GET /api/admin/analytics/visits: the visits of the last 30 America/Chicago days. */
export const getVisitAnalytics = (signal?: AbortSignal) => apiRequest<VisitAnalytics>('/api/admin/analytics/visits', { signal });
