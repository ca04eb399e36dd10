import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { isAllowedLocation } from '../../plugins/us-only';

const geoAnswer = z.object({ country: z.string().nullable(), state: z.string().nullable(), allowed: z.boolean() });

export const geoRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // request.clientIp is the proxy's client address only when TRUST_PROXY says there is a proxy to trust.
  app.get(
    '/api/geo',
    {
      schema: {
        operationId: 'getVisitorLocation',
        summary: 'Tell where the visitor is and whether the service is open to them',
        tags: ['Site'],
        response: { 200: geoAnswer },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const location = ctx.geo.lookup(request.clientIp);
      return { country: location?.country ?? null, state: location?.state ?? null, allowed: isAllowedLocation(ctx, location) };
    },
  );
};
