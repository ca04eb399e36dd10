import { healthHistoryAnswerSchema, healthHistorySchema } from '@app/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser, signedIn } from '../../plugins/auth';
import { readHealthHistory, saveHealthHistory } from './service';

const HISTORY_URL = '/api/users/me/health-history';

/** The signed-in patient's own health history: no route names another account. */
export const healthHistoryRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    HISTORY_URL,
    {
      onRequest: signedIn,
      schema: {
        operationId: 'getMyHealthHistory',
        summary: "Get the signed-in patient's health history as last saved",
        tags: ['Health history'],
        response: { 200: healthHistoryAnswerSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readHealthHistory(ctx, requireUser(request).userId);
    },
  );

  app.put(
    HISTORY_URL,
    {
      onRequest: signedIn,
      schema: {
        operationId: 'saveMyHealthHistory',
        summary: "Save the signed-in patient's health history as a new version",
        tags: ['Health history'],
        body: healthHistorySchema,
        response: { 200: healthHistoryAnswerSchema },
      },
    },
    async (request) => saveHealthHistory(ctx, requireUser(request).userId, request.body),
  );
};
