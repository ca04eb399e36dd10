import { healthHistoryAnswerSchema, healthHistorySchema } from '@app/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser, signedIn } from '../../plugins/auth';
import { setAuditSubject } from '../../plugins/audit';
import { personParams } from '../household';
import { readHealthHistory, readPersonHealthHistory, saveHealthHistory, savePersonHealthHistory } from './service';

const HISTORY_URL = '/api/users/me/health-history';
/** A household person's history: the same history, per person, for whoever keeps their record. */
const PERSON_HISTORY_URL = '/api/household/people/:personId/health-history';

/** The signed-in patient's own health history, and that of a child they are the guardian of. */
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

  app.get(
    PERSON_HISTORY_URL,
    {
      onRequest: signedIn,
      schema: {
        operationId: 'getPersonHealthHistory',
        summary: 'Get the health history of oneself or of a child one is the guardian of',
        tags: ['Health history'],
        params: personParams,
        response: { 200: healthHistoryAnswerSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      setAuditSubject(request, request.params.personId);
      return readPersonHealthHistory(ctx, requireUser(request).userId, request.params.personId);
    },
  );

  app.put(
    PERSON_HISTORY_URL,
    {
      onRequest: signedIn,
      schema: {
        operationId: 'savePersonHealthHistory',
        summary: 'Save the health history of oneself or of a child one is the guardian of, as a new version',
        tags: ['Health history'],
        params: personParams,
        body: healthHistorySchema,
        response: { 200: healthHistoryAnswerSchema },
      },
    },
    async (request) => {
      setAuditSubject(request, request.params.personId);
      return savePersonHealthHistory(ctx, requireUser(request).userId, request.params.personId, request.body);
    },
  );
};
