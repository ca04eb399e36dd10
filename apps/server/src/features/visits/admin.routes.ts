import { adminUserParams, memberVisitPageSchema, memberVisitsQuerySchema } from '@app/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { auditActor, markAuditRecorded } from '../../plugins/audit';
import { readMemberVisitsAsAdmin } from './admin.service';

/** A member's visits on their page in the admin console (registered under /api/admin, admins only). */
export const adminVisitRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/users/:id/visits',
    {
      schema: {
        operationId: 'listUserVisits',
        summary: "List a member's visits and their children's, newest first: when, what, who, the wait and what paid, no health details",
        tags: ['Admin users'],
        params: adminUserParams,
        querystring: memberVisitsQuerySchema,
        response: { 200: memberVisitPageSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // The read's own row, written before the answer leaves.
      const visits = await readMemberVisitsAsAdmin(ctx.db, request.params.id, request.query, auditActor(request));
      markAuditRecorded(request);
      return visits;
    },
  );
};
