import {
  adminClinicianAnswerSchema,
  adminClinicianListSchema,
  clinicianInvitationAcceptSchema,
  clinicianInviteSchema,
  clinicianUpdateSchema,
  messageAnswerSchema,
  messages,
} from '@app/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { auditActor, markAuditRecorded } from '../../plugins/audit';
import {
  acceptInvitation,
  disableClinician,
  enableClinician,
  inviteClinician,
  readCliniciansAsAdmin,
  resendInvitation,
  updateClinicianAsAdmin,
} from './service';

const clinicianParams = z.strictObject({ id: z.uuid({ error: messages.clinicianNotFound }) });
const TAGS = ['Admin clinicians'];

/** The Clinicians tab of the admin dashboard: list, invite, edit the licence, turn access off and on. */
export const adminClinicianRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/clinicians',
    {
      schema: {
        operationId: 'listClinicians',
        summary: 'List every clinician with their licence and status',
        tags: TAGS,
        response: { 200: adminClinicianListSchema },
      },
    },
    async (request) => {
      // The read's own row, written before the answer leaves.
      const list = await readCliniciansAsAdmin(ctx.db, auditActor(request));
      markAuditRecorded(request);
      return list;
    },
  );

  app.post(
    '/clinicians',
    {
      schema: {
        operationId: 'inviteClinician',
        summary: 'Invite a clinician: create the account and mail a link to set the password',
        tags: TAGS,
        body: clinicianInviteSchema,
        response: { 201: adminClinicianAnswerSchema },
      },
    },
    async (request, reply) => {
      const answer = await inviteClinician(ctx, request.body, auditActor(request));
      markAuditRecorded(request);
      return reply.code(201).send(answer);
    },
  );

  app.patch(
    '/clinicians/:id',
    {
      schema: {
        operationId: 'updateClinician',
        summary: "Change a clinician's credentials and licensed states",
        tags: TAGS,
        params: clinicianParams,
        body: clinicianUpdateSchema,
        response: { 200: adminClinicianAnswerSchema },
      },
    },
    async (request) => {
      const answer = await updateClinicianAsAdmin(ctx.db, request.params.id, request.body, auditActor(request));
      markAuditRecorded(request);
      return answer;
    },
  );

  app.post(
    '/clinicians/:id/disable',
    {
      schema: {
        operationId: 'disableClinician',
        summary: "Turn a clinician's access off and sign them out",
        tags: TAGS,
        params: clinicianParams,
        response: { 200: adminClinicianAnswerSchema },
      },
    },
    async (request) => {
      const answer = await disableClinician({ db: ctx.db, visitEvents: ctx.live }, request.params.id, auditActor(request));
      markAuditRecorded(request);
      return answer;
    },
  );

  app.post(
    '/clinicians/:id/enable',
    {
      schema: {
        operationId: 'enableClinician',
        summary: "Turn a disabled clinician's access back on",
        tags: TAGS,
        params: clinicianParams,
        response: { 200: adminClinicianAnswerSchema },
      },
    },
    async (request) => {
      const answer = await enableClinician(ctx.db, request.params.id, auditActor(request));
      markAuditRecorded(request);
      return answer;
    },
  );

  app.post(
    '/clinicians/:id/invitation',
    {
      schema: {
        operationId: 'resendClinicianInvitation',
        summary: 'Mail a clinician a new invitation link',
        tags: TAGS,
        params: clinicianParams,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => resendInvitation(ctx, request.params.id),
  );
};

/** The invitation's link, opened by the clinician before they have a password: no session. */
export const clinicianInvitationRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/clinicians/invitation/accept',
    {
      schema: {
        operationId: 'acceptClinicianInvitation',
        summary: "Set a new clinician's password with the invitation's token",
        tags: ['Sign-in'],
        body: clinicianInvitationAcceptSchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => acceptInvitation(ctx.db, request.body),
  );
};
