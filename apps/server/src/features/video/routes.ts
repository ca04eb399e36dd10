import { iceConfigSchema, messages, videoCallAnswerSchema, videoSignalSchema } from '@app/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openEventStream } from '../../lib/live/event-stream';
import { setAuditSubject } from '../../plugins/audit';
import { requireUser, signedIn } from '../../plugins/auth';
import { endCall } from './end-call.service';
import { iceConfigFor } from './ice.service';
import { partyOf, type VideoDeps } from './party.service';
import { followCall, sendSignal } from './signal.service';
import { startCall } from './start-call.service';
import { switchToPhone } from './switch-to-phone.service';

const visitParams = z.object({ visitId: z.uuid({ error: messages.visitNotFound }) });
const tags = ['Video'];
const noStore = { 'cache-control': 'no-store' };

/**
 * A video visit's call, for its two parties alone (the patient, the clinician holding it): start and
 * end, the signals that connect their browsers peer to peer, and the relay's credentials (decision 072).
 * Anyone else who is signed in is answered 403.
 */
export const videoRoutes: FastifyPluginAsync<{ video: VideoDeps }> = async (fastify, { video }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const caller = (request: FastifyRequest) => {
    const { userId, isClinician } = requireUser(request);
    return { userId, isClinician };
  };
  /** Files the request under the visit's patient, once the caller is known to be a party. */
  const filed = async (request: FastifyRequest, visitId: string) => {
    const party = await partyOf(video.db, caller(request), visitId);
    setAuditSubject(request, party.visit.patientId);
  };

  app.post(
    '/api/visits/:visitId/video/start',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'startVideoCall',
        summary: 'The clinician holding a video visit starts its call (and the visit, if only claimed)',
        tags,
        params: visitParams,
        response: { 200: videoCallAnswerSchema },
      },
    },
    async (request) => {
      const call = await startCall(video, caller(request), request.params.visitId);
      await filed(request, request.params.visitId);
      return { call };
    },
  );

  app.post(
    '/api/visits/:visitId/video/end',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'endVideoCall',
        summary: 'Either party ends the call for both; the visit keeps when and by whom',
        tags,
        params: visitParams,
        response: { 200: videoCallAnswerSchema },
      },
    },
    async (request) => {
      const call = await endCall(video, caller(request), request.params.visitId);
      await filed(request, request.params.visitId);
      return { call };
    },
  );

  app.post(
    '/api/visits/:visitId/video/switch-to-phone',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'switchVideoToPhone',
        summary: 'The clinician turns the video visit into a phone visit, keeping the claim and the note',
        tags,
        params: visitParams,
        response: { 204: z.null().describe('Now a phone visit') },
      },
    },
    async (request, reply) => {
      await switchToPhone(video, caller(request), request.params.visitId);
      await filed(request, request.params.visitId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/visits/:visitId/video/ice-servers',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'getVideoIceServers',
        summary: 'The STUN and TURN servers of the open call, with TURN credentials that expire',
        tags,
        params: visitParams,
        response: { 200: iceConfigSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return iceConfigFor(video, caller(request), request.params.visitId);
    },
  );

  app.post(
    '/api/visits/:visitId/video/signals',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'sendVideoSignal',
        summary: 'Pass a hello, an offer, an answer or an ICE candidate to the other party of the open call',
        tags,
        params: visitParams,
        body: videoSignalSchema,
        response: { 204: z.null().describe('Passed on') },
      },
    },
    async (request, reply) => {
      await sendSignal(video, caller(request), request.params.visitId, request.body);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/visits/:visitId/video/events',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'followVideoCall',
        summary: 'Follow the call: its state, and the signals the other party sends',
        description:
          "An event stream: each `video` frame holds the reader's side, the call (or null) and the signals sent to the reader since the previous frame; sent at once and on every change.",
        tags,
        params: visitParams,
        produces: ['text/event-stream'],
        response: { 200: z.unknown().describe('text/event-stream of `video` frames') },
      },
    },
    async (request, reply) => {
      const follow = await followCall(video, caller(request), request.params.visitId);
      setAuditSubject(request, follow.party.visit.patientId);
      return openEventStream(request, reply, { live: video.live, topics: follow.topics, read: follow.read, event: 'video' });
    },
  );
};
