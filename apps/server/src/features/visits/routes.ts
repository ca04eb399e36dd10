import {
  declinedAnswerSchema,
  messages,
  VISIT_PHOTO_TYPES,
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
import { postMessage, readPhoto, readThread, type ThreadDeps } from './thread.service';
import { acceptPhotoBodies, photoOf, sendPhoto } from './photo.routes';
import { queueTopic, visitTopic } from './events.service';
import { watchVisit } from './presence.service';
import { waitingRoomReader } from './waiting-room.service';
import { openEventStream } from '../../lib/live/event-stream';
import type { LiveBus } from '../../lib/live/bus';

/** A visit named in the path: a malformed id is refused before any lookup. */
export const visitParams = z.object({ visitId: z.uuid({ error: messages.visitNotFound }) });
const tags = ['Visits'];

/** What the routes that send a photo declare: the photo is the body itself, as its own type. */
export const photoUploadSchema = {
  consumes: [...VISIT_PHOTO_TYPES],
  params: visitParams,
  response: { 201: visitMessageAnswerSchema },
};

/** What the routes that answer a photo declare. */
export const photoDownloadSchema = {
  params: visitParams.extend({ photoId: z.uuid({ error: messages.visitPhotoNotFound }) }),
  produces: [...VISIT_PHOTO_TYPES],
  response: { 200: z.unknown().describe('The photo, without its metadata') },
};

/** The patient's visits: requests, the waiting room, the thread and the record. No route names another patient. */
export const visitRoutes: FastifyPluginAsync<{ visits: PatientVisitsDeps & ThreadDeps & { live: LiveBus } }> = async (
  fastify,
  { visits },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const noStore = { 'cache-control': 'no-store' };
  const readWaitingRoom = waitingRoomReader(visits.db);

  app.post(
    '/api/visits',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'requestVisit',
        summary: 'Request a visit for the signed-in patient',
        description:
          'Without a membership or one-time visit, the request carries the card that pays for this visit at its service price, with an Idempotency-Key header: the same key charges once.',
        tags,
        body: visitRequestSchema,
        response: { 201: patientVisitAnswerSchema, 402: declinedAnswerSchema.describe('The card was declined') },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const purchase = { key: typeof key === 'string' ? key : undefined, ip: request.clientIp };
      const visit = await requestVisit(visits, requireUser(request).userId, request.body, purchase);
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
      const visit = await readWaitingRoom(patientId, request.params.visitId);
      return openEventStream(request, reply, {
        live: visits.live,
        topics: [visitTopic(visit.id), queueTopic(visit.state)],
        read: (wake) => readWaitingRoom(patientId, visit.id, wake),
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
      const { message } = await postMessage(visits, who, request.params.visitId, { text: request.body.text });
      return reply.code(201).send(message);
    },
  );

  await app.register(async (scope) => {
    acceptPhotoBodies(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/visits/:visitId/photos',
      {
        onRequest: signedIn,
        schema: {
          operationId: 'postMyVisitPhoto',
          summary: 'Send a photo to the clinician of a visit under way',
          description: 'The body is the photo, a JPEG or PNG of at most 10 MB sent as its own type; it becomes a message of the thread.',
          tags,
          ...photoUploadSchema,
        },
      },
      async (request, reply) => {
        const who = { side: 'patient', userId: requireUser(request).userId } as const;
        const { message } = await postMessage(visits, who, request.params.visitId, { text: '', photo: photoOf(request) });
        return reply.code(201).send(message);
      },
    );
  });

  app.get(
    '/api/visits/:visitId/photos/:photoId',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'getMyVisitPhoto',
        summary: "A photo of one of the signed-in patient's visits",
        tags,
        ...photoDownloadSchema,
      },
    },
    async (request, reply) => {
      const who = { side: 'patient', userId: requireUser(request).userId } as const;
      const { photo } = await readPhoto(visits, who, request.params.visitId, request.params.photoId);
      return sendPhoto(reply, photo);
    },
  );
};
