import {
  auditActionListSchema,
  auditChainStateSchema,
  auditDetailsSchema,
  auditLogPageSchema,
  auditLogQuerySchema,
  messages,
} from '@app/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { addAuditDetails, auditActor, markAuditRecorded } from '../../plugins/audit';
import { auditChainState, auditedActions, openAuditDetails, readAuditLog } from '../audit';

// Not `id`: the trail files a request under its `:id` as a user.
const rowParams = z.strictObject({
  rowId: z
    .string()
    .regex(/^\d{1,18}$/, { error: messages.auditRowNotFound })
    .transform(Number),
});
const TAGS = ['Admin audit log'];

/** The audit log in the admin API: the trail a page at a time, its actions, a row's sealed details, the chain's state. */
export const adminAuditLogRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/audit-log',
    {
      schema: {
        operationId: 'listAuditLog',
        summary: 'Read the audit trail, newest first, filtered by actor, subject, action and days',
        tags: TAGS,
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema },
      },
    },
    async (request) => {
      const page = await readAuditLog(ctx.db, request.query);
      addAuditDetails(request, { ...request.query, count: page.rows.length });
      return page;
    },
  );

  app.get(
    '/audit-log/actions',
    {
      schema: {
        operationId: 'listAuditActions',
        summary: 'List the actions the audit trail records, in words',
        tags: TAGS,
        response: { 200: auditActionListSchema },
      },
    },
    async () => ({ actions: auditedActions() }),
  );

  app.get(
    '/audit-log/chain',
    {
      schema: {
        operationId: 'getAuditChainState',
        summary: "Get the audit chain's state as last checked",
        tags: TAGS,
        response: { 200: auditChainStateSchema },
      },
    },
    async () => auditChainState(ctx),
  );

  app.get(
    '/audit-log/:rowId/details',
    {
      schema: {
        operationId: 'openAuditDetails',
        summary: "Open an audit row's sealed details",
        tags: TAGS,
        params: rowParams,
        response: { 200: auditDetailsSchema },
      },
    },
    async (request) => {
      const details = await openAuditDetails(ctx.db, request.params.rowId, auditActor(request));
      markAuditRecorded(request);
      return details;
    },
  );
};
