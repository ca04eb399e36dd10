import {
  analyticsSeriesQuerySchema,
  analyticsSeriesSchema,
  analyticsSummarySchema,
  profitQuerySchema,
  profitSchema,
  visitAnalyticsSchema,
} from '@app/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { analyticsSeries, analyticsSummary } from './service';
import { profitByMonth } from './profit.service';
import { visitAnalytics } from './visits.service';

/** The Analytics card (docs/product.md, Admin dashboard and Data): the summary, its figures over time, profit per month and visits. */
export const adminAnalyticsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/analytics/summary',
    {
      schema: {
        operationId: 'getAnalyticsSummary',
        summary: "Get the Analytics card's summary figures",
        tags: ['Admin analytics'],
        response: { 200: analyticsSummarySchema },
      },
    },
    async () => analyticsSummary(ctx.db),
  );
  app.get(
    '/analytics/series',
    {
      schema: {
        operationId: 'getAnalyticsSeries',
        summary: 'Get the summary figures over time',
        tags: ['Admin analytics'],
        querystring: analyticsSeriesQuerySchema,
        response: { 200: analyticsSeriesSchema },
      },
    },
    async (request) => analyticsSeries(ctx.db, request.query),
  );
  app.get(
    '/analytics/profit',
    {
      schema: {
        operationId: 'getProfitByMonth',
        summary: 'Get revenue, expenses and profit per month',
        tags: ['Admin analytics'],
        querystring: profitQuerySchema,
        response: { 200: profitSchema },
      },
    },
    async (request) => profitByMonth(ctx.db, request.query),
  );
  app.get(
    '/analytics/visits',
    {
      schema: {
        operationId: 'getVisitAnalytics',
        summary: 'Get the visits of the last 30 days: per day and service, the wait for a clinician, outcomes and clinicians',
        tags: ['Admin analytics'],
        response: { 200: visitAnalyticsSchema },
      },
    },
    async () => visitAnalytics(ctx.db),
  );
};
