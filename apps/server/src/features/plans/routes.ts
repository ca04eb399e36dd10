import { planSchema } from '@app/shared';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { planCatalogue } from './catalogue';

export const planRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/plans', { schema: { response: { 200: z.array(planSchema) } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return planCatalogue;
  });
};
