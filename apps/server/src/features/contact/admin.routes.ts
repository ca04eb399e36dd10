import {
  enquiryAnswerSchema,
  enquiryDetailSchema,
  enquiryListQuerySchema,
  enquiryPageSchema,
  enquiryReplyRequestSchema,
  enquiryStatusChangeSchema,
  messages,
} from '@app/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../plugins/auth';
import { addAuditDetails, auditActor, markAuditRecorded } from '../../plugins/audit';
import { changeEnquiryStatus, listEnquiries, readEnquiry, replyToEnquiry } from './enquiries.service';

// Not `id`: the trail files a request under its `:id` as a user, and an enquiry is none.
const enquiryParams = z.strictObject({ enquiryId: z.uuid({ error: messages.enquiryNotFound }) });
const TAGS = ['Admin enquiries'];

/** The contact form's enquiries in the admin API: list, open one (audited), reply by e-mail, change its status. */
export const adminEnquiryRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/enquiries',
    {
      schema: {
        operationId: 'listEnquiries',
        summary: 'List the enquiries of the contact form, newest first',
        tags: TAGS,
        querystring: enquiryListQuerySchema,
        response: { 200: enquiryPageSchema },
      },
    },
    async (request) => {
      const page = await listEnquiries(ctx.db, request.query);
      addAuditDetails(request, { ...request.query, count: page.content.length });
      return page;
    },
  );

  app.get(
    '/enquiries/:enquiryId',
    {
      schema: {
        operationId: 'readEnquiry',
        summary: 'Open an enquiry: its message and replies',
        tags: TAGS,
        params: enquiryParams,
        response: { 200: enquiryDetailSchema },
      },
    },
    async (request) => {
      const enquiry = await readEnquiry(ctx.db, request.params.enquiryId, auditActor(request));
      markAuditRecorded(request);
      return enquiry;
    },
  );

  app.post(
    '/enquiries/:enquiryId/replies',
    {
      schema: {
        operationId: 'replyToEnquiry',
        summary: 'Reply to an enquiry by e-mail',
        tags: TAGS,
        params: enquiryParams,
        body: enquiryReplyRequestSchema,
        response: { 201: enquiryAnswerSchema },
      },
    },
    async (request, reply) => {
      const answer = await replyToEnquiry(ctx, requireAdmin(request), request.params.enquiryId, request.body.body, auditActor(request));
      markAuditRecorded(request);
      return reply.code(201).send(answer);
    },
  );

  app.put(
    '/enquiries/:enquiryId/status',
    {
      schema: {
        operationId: 'changeEnquiryStatus',
        summary: 'Mark an enquiry new, answered or closed',
        tags: TAGS,
        params: enquiryParams,
        body: enquiryStatusChangeSchema,
        response: { 200: enquiryAnswerSchema },
      },
    },
    async (request) => {
      const answer = await changeEnquiryStatus(ctx.db, request.params.enquiryId, request.body.status, auditActor(request));
      markAuditRecorded(request);
      return answer;
    },
  );
};
