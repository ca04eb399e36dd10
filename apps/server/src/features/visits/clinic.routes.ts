import {
  addendumSchema,
  type ClinicianVisit,
  clinicianDeskSchema,
  clinicianVisitAnswerSchema,
  queueAnswerSchema,
  releaseSchema,
  visitMessageAnswerSchema,
  visitMessageSchema,
  visitNoteSchema,
  visitThreadSchema,
} from '@app/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clinicianOnly, requireClinician } from '../../plugins/auth';
import { setAuditSubject } from '../../plugins/audit';
import {
  addAddendum,
  claimRequest,
  readClinicianVisit,
  readDesk,
  readQueue,
  releaseRequest,
  saveNote,
  signAndClose,
  startVisit,
  type ClinicDeps,
} from './clinic.service';
import { photoDownloadSchema, photoUploadSchema, visitParams } from './routes';
import { postMessage, readPhoto, readThread, type ThreadDeps } from './thread.service';
import { acceptPhotoBodies, photoOf, sendPhoto } from './photo.routes';
import { queueTopic, visitTopic } from './events.service';
import { openEventStream } from '../../lib/live/event-stream';
import type { LiveBus } from '../../lib/live/bus';

const tags = ['Clinic'];

/**
 * The clinicians' side of visits, under /api/clinic: the queue, claims, the note and the thread. Every
 * route is for clinicians only (clinicianOnly), and each visit route for the clinician holding the visit.
 */
export const clinicVisitRoutes: FastifyPluginAsync<{ visits: ClinicDeps & ThreadDeps & { live: LiveBus } }> = async (
  fastify,
  { visits },
) => {
  clinicianOnly(fastify);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const clinicianId = (request: FastifyRequest) => requireClinician(request).userId;

  app.get(
    '/queue',
    {
      schema: {
        operationId: 'getClinicQueue',
        summary: 'The requests the clinician may claim, oldest first, with nothing that names the patient',
        tags,
        response: { 200: queueAnswerSchema.extend({ states: z.array(z.string()) }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readQueue(visits, clinicianId(request));
    },
  );

  app.get(
    '/queue/events',
    {
      schema: {
        operationId: 'followClinicQueue',
        summary: 'Follow the queue as requests arrive and are claimed',
        description:
          "An event stream: each `queue` frame holds the queue as GET /api/clinic/queue answers it, sent at once and on every change in the clinician's states.",
        tags,
        produces: ['text/event-stream'],
        response: { 200: z.unknown().describe('text/event-stream of `queue` frames') },
      },
    },
    async (request, reply) => {
      const clinician = clinicianId(request);
      const queue = await readQueue(visits, clinician);
      return openEventStream(request, reply, {
        live: visits.live,
        topics: queue.states.map(queueTopic),
        read: () => readQueue(visits, clinician),
        event: 'queue',
      });
    },
  );

  app.get(
    '/visits',
    {
      schema: {
        operationId: 'getClinicDesk',
        summary: 'The visits the clinician holds now, and those they closed lately',
        tags,
        response: { 200: clinicianDeskSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readDesk(visits, clinicianId(request));
    },
  );

  /** The clinician's view of a visit, its request filed in the trail under the visit's patient. */
  const answer = (request: FastifyRequest, visit: ClinicianVisit) => {
    setAuditSubject(request, visit.patient.id);
    return { visit };
  };
  const visitSchema = (operationId: string, summary: string) => ({
    operationId,
    summary,
    tags,
    params: visitParams,
    response: { 200: clinicianVisitAnswerSchema },
  });

  app.get(
    '/visits/:visitId',
    { schema: visitSchema('getClinicVisit', 'A visit the clinician holds, with the history, past summaries and the note') },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return answer(request, await readClinicianVisit(visits, clinicianId(request), request.params.visitId));
    },
  );

  app.get(
    '/visits/:visitId/events',
    {
      schema: {
        operationId: 'followClinicVisit',
        summary: 'Follow a visit the clinician holds as it changes (a cancellation, a message)',
        description: 'An event stream: each `visit` frame holds the visit as GET /api/clinic/visits/{visitId} answers it.',
        tags,
        params: visitParams,
        produces: ['text/event-stream'],
        response: { 200: z.unknown().describe('text/event-stream of `visit` frames') },
      },
    },
    async (request, reply) => {
      const clinician = clinicianId(request);
      const visit = await readClinicianVisit(visits, clinician, request.params.visitId);
      setAuditSubject(request, visit.patient.id);
      return openEventStream(request, reply, {
        live: visits.live,
        topics: [visitTopic(visit.id)],
        read: () => readClinicianVisit(visits, clinician, visit.id),
        event: 'visit',
      });
    },
  );

  app.post(
    '/visits/:visitId/claim',
    { schema: visitSchema('claimVisit', 'Claim a waiting request: exactly one clinician gets it') },
    async (request) => answer(request, await claimRequest(visits, clinicianId(request), request.params.visitId)),
  );

  app.post(
    '/visits/:visitId/start',
    { schema: visitSchema('startVisit', 'Begin a claimed visit (the call, the thread or the video)') },
    async (request) => answer(request, await startVisit(visits, clinicianId(request), request.params.visitId)),
  );

  app.post(
    '/visits/:visitId/release',
    {
      schema: {
        operationId: 'releaseVisit',
        summary: 'Hand a claimed request back to the queue, with a reason',
        tags,
        params: visitParams,
        body: releaseSchema,
        response: { 204: z.null().describe('Back in the queue') },
      },
    },
    async (request, reply) => {
      await releaseRequest(visits, clinicianId(request), request.params.visitId, request.body.reason);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/visits/:visitId/note',
    { schema: { ...visitSchema('saveVisitNote', "Save the note's draft"), body: visitNoteSchema } },
    async (request) => answer(request, await saveNote(visits, clinicianId(request), request.params.visitId, request.body)),
  );

  app.post(
    '/visits/:visitId/sign',
    {
      schema: {
        ...visitSchema('signVisitNote', 'Sign the note and close the visit; a signed note is never changed'),
        body: visitNoteSchema,
      },
    },
    async (request) => answer(request, await signAndClose(visits, clinicianId(request), request.params.visitId, request.body)),
  );

  app.post(
    '/visits/:visitId/addenda',
    { schema: { ...visitSchema('amendVisitNote', 'Amend a signed note with an addendum'), body: addendumSchema } },
    async (request) => answer(request, await addAddendum(visits, clinicianId(request), request.params.visitId, request.body.text)),
  );

  app.get(
    '/visits/:visitId/messages',
    {
      schema: {
        operationId: 'getClinicVisitThread',
        summary: 'The messages of a visit the clinician holds',
        tags,
        params: visitParams,
        response: { 200: visitThreadSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { visit, messages } = await readThread(visits, { side: 'clinician', userId: clinicianId(request) }, request.params.visitId);
      setAuditSubject(request, visit.patientId);
      return { messages };
    },
  );

  app.post(
    '/visits/:visitId/messages',
    {
      schema: {
        operationId: 'postClinicVisitMessage',
        summary: 'Write to the patient of a visit under way',
        tags,
        params: visitParams,
        body: visitMessageSchema,
        response: { 201: visitMessageAnswerSchema },
      },
    },
    async (request, reply) => {
      const { visit, message } = await postMessage(visits, { side: 'clinician', userId: clinicianId(request) }, request.params.visitId, {
        text: request.body.text,
      });
      setAuditSubject(request, visit.patientId);
      return reply.code(201).send(message);
    },
  );

  await app.register(async (scope) => {
    acceptPhotoBodies(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/visits/:visitId/photos',
      {
        schema: {
          operationId: 'postClinicVisitPhoto',
          summary: 'Send a photo to the patient of a visit under way',
          description: 'The body is the photo, a JPEG or PNG of at most 10 MB sent as its own type; it becomes a message of the thread.',
          tags,
          ...photoUploadSchema,
        },
      },
      async (request, reply) => {
        const who = { side: 'clinician', userId: clinicianId(request) } as const;
        const { visit, message } = await postMessage(visits, who, request.params.visitId, { text: '', photo: photoOf(request) });
        setAuditSubject(request, visit.patientId);
        return reply.code(201).send(message);
      },
    );
  });

  app.get(
    '/visits/:visitId/photos/:photoId',
    {
      schema: {
        operationId: 'getClinicVisitPhoto',
        summary: 'A photo of a visit the clinician holds',
        tags,
        ...photoDownloadSchema,
      },
    },
    async (request, reply) => {
      const who = { side: 'clinician', userId: clinicianId(request) } as const;
      const { visit, photo } = await readPhoto(visits, who, request.params.visitId, request.params.photoId);
      setAuditSubject(request, visit.patientId);
      return sendPhoto(reply, photo);
    },
  );
};
