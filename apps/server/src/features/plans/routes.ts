import type { FastifyPluginAsync } from 'fastify';
import { planCatalogue } from './catalogue';

export const planRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/plans', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return planCatalogue;
  });
};
