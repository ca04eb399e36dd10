import {
  messages,
  patientVisitAnswerSchema,
  patientVisitListSchema,
  visitMessageAnswerSchema,
  visitMessageSchema,
  visitRequestSchema,
  visitThreadSchema,
} from '@app/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedIn } from '../../plugins/auth';
import { cancelOwnVisit, listOwnVisits, readOwnVisit, requestVisit, type PatientVisitsDeps } from './request.service';
import { postMessage, readThread, type ThreadDeps } from './thread.service';

/** A visit named in the path: a malformed id is refused before any lookup. */
export const visitParams = z.object({ visitId: z.uuid({ error: messages.visitNotFound }) });
const tags = ['Visits'];

/** The patient's visits: requests, the waiting room, the thread and the record. No route names another patient. */
export const visitRoutes: FastifyPluginAsync<{ visits: PatientVisitsDeps & ThreadDeps }> = async (fastify, { visits }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const noStore = { 'cache-control': 'no-store' };

  app.post(
    '/api/visits',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'requestVisit',
        summary: 'Request a visit for the signed-in patient',
        tags,
        body: visitRequestSchema,
        response: { 201: patientVisitAnswerSchema },
      },
    },
    async (request, reply) => {
      const visit = await requestVisit(visits, requireUser(request).userId, request.body, request.clientIp);
      return reply.code(201).headers(noStore).send({ visit });
    },
  );

  app.get(
    '/api/visits',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'listMyVisits',
        summary: "The signed-in patient's visits, newest first, with their signed summaries",
        tags,
        response: { 200: patientVisitListSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { visits: await listOwnVisits(visits, requireUser(request).userId) };
    },
  );

  app.get(
    '/api/visits/:visitId',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'getMyVisit',
        summary: "One of the signed-in patient's visits: the waiting room's state, or the summary",
        tags,
        params: visitParams,
        response: { 200: patientVisitAnswerSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { visit: await readOwnVisit(visits, requireUser(request).userId, request.params.visitId) };
    },
  );

  app.post(
    '/api/visits/:visitId/cancel',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'cancelMyVisit',
        summary: 'Cancel a visit request that has not started',
        tags,
        params: visitParams,
        response: { 200: patientVisitAnswerSchema },
      },
    },
    async (request) => ({ visit: await cancelOwnVisit(visits, requireUser(request).userId, request.params.visitId) }),
  );

  app.get(
    '/api/visits/:visitId/messages',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'getMyVisitThread',
        summary: "The messages of one of the signed-in patient's visits",
        tags,
        params: visitParams,
        response: { 200: visitThreadSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const { messages: thread } = await readThread(
        visits,
        { side: 'patient', userId: requireUser(request).userId },
        request.params.visitId,
      );
      return { messages: thread };
    },
  );

  app.post(
    '/api/visits/:visitId/messages',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'postMyVisitMessage',
        summary: 'Write to the clinician of a visit under way',
        tags,
        params: visitParams,
        body: visitMessageSchema,
        response: { 201: visitMessageAnswerSchema },
      },
    },
    async (request, reply) => {
      const who = { side: 'patient', userId: requireUser(request).userId } as const;
      const { message } = await postMessage(visits, who, request.params.visitId, request.body.text);
      return reply.code(201).send(message);
    },
  );
};
