import type { AnalyticsSeries, AnalyticsSeriesQuery, AnalyticsSummary } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/analytics/summary: the four numbers (docs/product.md, Admin dashboard). */
export const getAnalyticsSummary = (signal?: AbortSignal) => apiRequest<AnalyticsSummary>('/api/admin/analytics/summary', { signal });

/** GET /api/admin/analytics/series: the same business over time, per America/Chicago day, week or month. */
export const getAnalyticsSeries = ({ from, to, interval }: AnalyticsSeriesQuery, signal?: AbortSignal) =>
  apiRequest<AnalyticsSeries>(`/api/admin/analytics/series?${new URLSearchParams({ from, to, interval }).toString()}`, { signal });
