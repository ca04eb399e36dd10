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
import { queueTopic, visitTopic } from './events.service';
import { watchVisit } from './presence.service';
import { openEventStream } from '../../lib/live/event-stream';
import type { LiveBus } from '../../lib/live/bus';

/** A visit named in the path: a malformed id is refused before any lookup. */
export const visitParams = z.object({ visitId: z.uuid({ error: messages.visitNotFound }) });
const tags = ['Visits'];

/** The patient's visits: requests, the waiting room, the thread and the record. No route names another patient. */
export const visitRoutes: FastifyPluginAsync<{ visits: PatientVisitsDeps & ThreadDeps & { live: LiveBus } }> = async (
  fastify,
  { visits },
) => {
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

  app.get(
    '/api/visits/:visitId/events',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'followMyVisit',
        summary: "Follow one of the signed-in patient's visits as it changes",
        description:
          'An event stream: each `visit` frame holds the visit as GET /api/visits/{visitId} answers it, sent at once and again on every change (the place in the queue too).',
        tags,
        params: visitParams,
        produces: ['text/event-stream'],
        response: { 200: z.unknown().describe('text/event-stream of `visit` frames') },
      },
    },
    async (request, reply) => {
      const patientId = requireUser(request).userId;
      // Read before the stream opens: another patient's visit is a 404, which ends the browser's retries.
      const visit = await readOwnVisit(visits, patientId, request.params.visitId);
      return openEventStream(request, reply, {
        live: visits.live,
        topics: [visitTopic(visit.id), queueTopic(visit.state)],
        read: () => readOwnVisit(visits, patientId, visit.id),
        event: 'visit',
        // While it is open the patient is watching: the claim then sends no mail or text.
        lease: await watchVisit(visits, visit.id, patientId),
      });
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
