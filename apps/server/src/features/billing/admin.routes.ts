import { adminPaymentsAnswerSchema, adminUserParams, refundAnswerSchema, refundRequestSchema } from '@app/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { addAuditDetails } from '../../plugins/audit';
import { receiptPdf } from './receipts.service';
import { adminPayments, refundPayment } from './refunds.service';
import { paymentParams, sendPdf } from './routes';

const userPaymentParams = adminUserParams.extend(paymentParams.shape);

/** A user's payments in the admin console (registered under /api/admin, admins only): the ledger, receipts, and refunds. */
export const adminBillingRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/users/:id/payments',
    {
      schema: {
        operationId: 'listUserPayments',
        summary: "List a user's payments, newest first, with what is left to refund of each",
        tags: ['Admin users'],
        params: adminUserParams,
        response: { 200: adminPaymentsAnswerSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return adminPayments(ctx.db, request.params.id);
    },
  );

  app.post(
    '/users/:id/payments/:paymentId/refunds',
    {
      schema: {
        operationId: 'refundUserPayment',
        summary: "Refund all or part of a user's paid payment through the gateway, with a reason",
        tags: ['Admin users'],
        params: userPaymentParams,
        body: refundRequestSchema,
        response: { 200: refundAnswerSchema },
      },
    },
    async (request) => {
      // The trail's row (sealed like the ledger's reason) says which payment, how much and why.
      addAuditDetails(request, { reason: request.body.reason, paymentId: request.params.paymentId, refundUsd: request.body.amount });
      return refundPayment(ctx, request.params.id, request.params.paymentId, request.body);
    },
  );

  app.get(
    '/users/:id/payments/:paymentId/receipt.pdf',
    {
      schema: {
        operationId: 'downloadUserReceipt',
        summary: "Download the receipt of a user's paid payment (or refund) as a PDF",
        tags: ['Admin users'],
        params: userPaymentParams,
        produces: ['application/pdf'],
        response: { 200: z.unknown().describe('The receipt, a PDF') },
      },
    },
    async (request, reply) => sendPdf(reply, await receiptPdf(ctx, request.params.id, request.params.paymentId)),
  );
};
