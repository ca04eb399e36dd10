import type { AnalyticsSeriesQuery } from '@app/shared';

/**
 * The query keys of the figures: all under ['analytics']. The figures are drawn from the users and the
 * expenses, so a save there refreshes `all` (the capabilities' public files export these keys for that).
 */
export const analyticsKeys = {
  all: ['analytics'] as const,
  summary: ['analytics', 'summary'] as const,
  series: (query: AnalyticsSeriesQuery) => ['analytics', 'series', query] as const,
  profit: (range: { from: string; to: string }) => ['analytics', 'profit', range] as const,
  visits: ['analytics', 'visits'] as const,
};
