import {
  accessAnswerSchema,
  accessChangeSchema,
  adminInvitationAcceptSchema,
  adminInviteSchema,
  adminUserParams,
  messageAnswerSchema,
  staffAdminListSchema,
} from '@app/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../plugins/auth';
import { auditActor, markAuditRecorded } from '../../plugins/audit';
import { disableAccount, enableAccount } from './access.service';
import { acceptAdminInvitation, inviteAdmin } from './invite-admin.service';
import { readAdmins } from './admins.service';

const TAGS = ['Admin staff'];

/** Staff in the admin API: disable and enable any account, list the admins, invite an admin. */
export const adminStaffRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/users/:id/disable',
    {
      schema: {
        operationId: 'disableUser',
        summary: 'Disable an account, with a reason: signed out at once and refused at sign-in',
        tags: TAGS,
        params: adminUserParams,
        body: accessChangeSchema,
        response: { 200: accessAnswerSchema },
      },
    },
    async (request) => {
      const answer = await disableAccount(ctx.db, requireAdmin(request), request.params.id, request.body.reason, auditActor(request));
      markAuditRecorded(request);
      return answer;
    },
  );

  app.post(
    '/users/:id/enable',
    {
      schema: {
        operationId: 'enableUser',
        summary: 'Enable a disabled account again, with a reason',
        tags: TAGS,
        params: adminUserParams,
        body: accessChangeSchema,
        response: { 200: accessAnswerSchema },
      },
    },
    async (request) => {
      const answer = await enableAccount(ctx.db, request.params.id, request.body.reason, auditActor(request));
      markAuditRecorded(request);
      return answer;
    },
  );

  app.get(
    '/staff/admins',
    {
      schema: {
        operationId: 'listAdmins',
        summary: 'List the admins, enabled or not',
        tags: TAGS,
        response: { 200: staffAdminListSchema },
      },
    },
    async () => ({ admins: await readAdmins(ctx.db) }),
  );

  app.post(
    '/staff/invitations',
    {
      schema: {
        operationId: 'inviteAdmin',
        summary: 'Invite an admin: create the account and mail a link to choose the password',
        tags: TAGS,
        body: adminInviteSchema,
        response: { 201: messageAnswerSchema },
      },
    },
    async (request, reply) => {
      const answer = await inviteAdmin(ctx, request.body, auditActor(request));
      markAuditRecorded(request);
      return reply.code(201).send(answer);
    },
  );
};

/** The admin invitation's link, opened before the new admin has a password: no session. */
export const adminInvitationRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/staff/invitation/accept',
    {
      schema: {
        operationId: 'acceptAdminInvitation',
        summary: "Choose a new admin's password with the invitation's token",
        tags: ['Sign-in'],
        body: adminInvitationAcceptSchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => acceptAdminInvitation(ctx.db, request.body),
  );
};
