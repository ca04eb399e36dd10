import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReadinessService } from './service';

const state = z.enum(['up', 'down']);
const liveAnswer = z.object({ status: z.literal('up') });
const readyAnswer = z.object({
  status: state,
  checks: z.object({
    accepting: state.optional(),
    database: state.optional(),
    migrations: state.optional(),
    redis: state.optional(),
    storage: state.optional(),
  }),
});

/**
 * The load balancer's and orchestrator's probes, outside /api: no session, no geo check, no rate
 * limit, no audit row. They are not in the API description (hide), which is the web app's and client
 * generators' contract; docs/production.md describes them.
 */
export const healthRoutes: FastifyPluginAsync<{ readiness: ReadinessService }> = async (fastify, { readiness }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // The process answers: nothing else is asked, so a busy database never gets a live process restarted.
  app.get('/health/live', { schema: { hide: true, response: { 200: liveAnswer } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'up' as const };
  });

  app.get('/health/ready', { schema: { hide: true, response: { 200: readyAnswer, 503: readyAnswer } } }, async (_request, reply) => {
    const answer = await readiness.check();
    reply.header('cache-control', 'no-store');
    return reply.code(answer.status === 'up' ? 200 : 503).send(answer);
  });
};
