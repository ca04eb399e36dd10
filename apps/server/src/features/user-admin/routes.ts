import {
  adminCancellationRequestSchema,
  adminMembershipSchema,
  membershipTermsSchema,
  adminUserListQuerySchema,
  adminUserParams,
  adminUserPageSchema,
  adminUserSchema,
  adminUserSearchQuerySchema,
  adminHouseholdSchema,
  adminUserUpdateSchema,
  auditEventPageSchema,
  messageAnswerSchema,
  pageParams,
} from '@app/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../plugins/auth';
import { auditActor, markAuditRecorded } from '../../plugins/audit';
import { cancelMembershipAsAdmin, keepMembershipAsAdmin, readMembershipAsAdmin } from './membership.service';
import { readHouseholdAsAdmin } from '../household';
import { readUserAsAdmin, readUserHistoryAsAdmin, readUsersAsAdmin, sendPasswordResetAsAdmin, updateUserAsAdmin } from './service';

const historyQuery = z.strictObject(pageParams);

/** The Users tab (docs/product.md, Admin dashboard and Data): list, search, edit, reset e-mail, and a user's history from the trail. */
export const adminUserRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/all',
    {
      schema: {
        operationId: 'listUsers',
        summary: 'List users, filtered or not, a page at a time',
        tags: ['Admin users'],
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserPageSchema },
      },
    },
    async (request) => {
      // The read's own row, written before the answer leaves.
      const page = await readUsersAsAdmin(ctx.db, request.query, auditActor(request));
      markAuditRecorded(request);
      return page;
    },
  );

  app.get(
    '/search',
    {
      schema: {
        operationId: 'searchUsers',
        summary: 'Search users by e-mail, a page at a time',
        tags: ['Admin users'],
        querystring: adminUserSearchQuerySchema,
        response: { 200: adminUserPageSchema },
      },
    },
    async (request) => {
      // The read's own row, written before the answer leaves.
      const page = await readUsersAsAdmin(ctx.db, request.query, auditActor(request));
      markAuditRecorded(request);
      return page;
    },
  );

  app.get(
    '/users/:id',
    {
      schema: {
        operationId: 'getUser',
        summary: 'Read one user',
        tags: ['Admin users'],
        params: adminUserParams,
        response: { 200: adminUserSchema },
      },
    },
    async (request) => {
      // The read's own row, written before the answer leaves.
      const user = await readUserAsAdmin(ctx.db, request.params.id, auditActor(request));
      markAuditRecorded(request);
      return user;
    },
  );

  app.put(
    '/users/:id',
    {
      schema: {
        operationId: 'updateUser',
        summary: 'Edit a user',
        tags: ['Admin users'],
        params: adminUserParams,
        body: adminUserUpdateSchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const user = await updateUserAsAdmin(ctx, admin, request.params.id, request.body, auditActor(request));
      // The edit's own row, with its changes, committed with it.
      markAuditRecorded(request);
      return user;
    },
  );

  app.post(
    '/users/:id/reset-password',
    {
      schema: {
        operationId: 'sendUserPasswordReset',
        summary: 'Mail a user a password reset link',
        tags: ['Admin users'],
        params: adminUserParams,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => sendPasswordResetAsAdmin(ctx, request.params.id),
  );

  app.get(
    '/users/:id/membership',
    {
      schema: {
        operationId: 'getUserMembership',
        summary: "A member's cancellation, scheduled plan change and consents to auto-renewal",
        tags: ['Admin users'],
        params: adminUserParams,
        response: { 200: adminMembershipSchema },
      },
    },
    async (request) => readMembershipAsAdmin(ctx.db, request.params.id),
  );

  app.post(
    '/users/:id/membership/cancellation',
    {
      schema: {
        operationId: 'cancelUserMembership',
        summary: "Cancel a member's membership by the membership terms, with a reason",
        tags: ['Admin users'],
        params: adminUserParams,
        body: adminCancellationRequestSchema,
        response: { 200: membershipTermsSchema },
      },
    },
    async (request) => cancelMembershipAsAdmin(ctx, request.params.id, request.body.reason),
  );

  app.delete(
    '/users/:id/membership/cancellation',
    {
      schema: {
        operationId: 'keepUserMembership',
        summary: "Undo a member's cancellation before it takes effect",
        tags: ['Admin users'],
        params: adminUserParams,
        response: { 200: membershipTermsSchema },
      },
    },
    async (request) => keepMembershipAsAdmin(ctx.db, request.params.id),
  );

  app.get(
    '/users/:id/audit',
    {
      schema: {
        operationId: 'listUserAuditEvents',
        summary: "List a user's history from the audit trail, newest first",
        tags: ['Admin users'],
        params: adminUserParams,
        querystring: historyQuery,
        response: { 200: auditEventPageSchema },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const history = await readUserHistoryAsAdmin(ctx.db, request.params.id, page, size, auditActor(request));
      markAuditRecorded(request);
      return history;
    },
  );

  // Read in the trail like every admin request, the user as its subject.
  app.get(
    '/users/:id/household',
    {
      schema: {
        operationId: 'getUserHousehold',
        summary: "A user's household: the holder of their family and everyone in it, or the user alone",
        tags: ['Admin users'],
        params: adminUserParams,
        response: { 200: adminHouseholdSchema },
      },
    },
    async (request) => readHouseholdAsAdmin(ctx.db, request.params.id),
  );
};
