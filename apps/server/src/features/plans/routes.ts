import { planSchema } from '@app/shared';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { planCatalogue } from './catalogue';

const catalogueAnswer = z.array(planSchema);

export const planRoutes: FastifyPluginAsync = async (app) => {
  // The catalogue never changes while the server runs: it is checked against the answer's schema
  // and serialized once, here, instead of on every request (a JSON string is sent as it is).
  const catalogueJson = JSON.stringify(catalogueAnswer.parse(planCatalogue));
  app.get(
    '/api/plans',
    {
      schema: {
        operationId: 'listPlans',
        summary: 'List the membership plans on sale',
        tags: ['Plans'],
        response: { 200: catalogueAnswer },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300').type('application/json; charset=utf-8');
      return catalogueJson;
    },
  );
};
