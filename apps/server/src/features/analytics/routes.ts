import { analyticsSeriesQuerySchema, analyticsSeriesSchema, analyticsSummarySchema, profitQuerySchema, profitSchema } from '@app/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { analyticsSeries, analyticsSummary } from './service';
import { profitByMonth } from './profit.service';

/** The Analytics card (docs/product.md, Admin dashboard and Data): the summary, its figures over time, and profit per month. */
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
};
