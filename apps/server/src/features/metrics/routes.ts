import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Metrics } from './service';

/**
 * GET /metrics on the metrics port (METRICS_PORT), apart from the site's: Prometheus scrapes it from
 * inside the network, and the load balancer never routes to it.
 */
export const metricsRoutes: FastifyPluginAsync<{ metrics: Metrics }> = async (fastify, { metrics }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/metrics',
    { schema: { response: { 200: z.unknown().describe('The metrics, as Prometheus text') } } },
    async (_request, reply) => {
      const text = await metrics.text();
      return reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(text);
    },
  );
};
