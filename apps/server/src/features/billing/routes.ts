import {
  cardUpdateAnswerSchema,
  checkoutAnswerSchema,
  choosePlanSchema,
  declinedAnswerSchema,
  messages,
  paymentsAnswerSchema,
  planChoiceAnswerSchema,
  planUpdateSchema,
  subscriptionRequestSchema,
  unusedVisitsAnswerSchema,
  visitPaymentSchema,
} from '@app/shared';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser, signedIn } from '../../plugins/auth';
import { httpStatusOf } from '../../plugins/error-handler';
import { usOnly } from '../../plugins/us-only';
import { checkout } from './checkout.service';
import { membershipTermsRoutes } from './membership-terms.routes';
import { updateCard } from './card-on-file.service';
import { paymentHistory, unusedVisitsOf, updatePlan } from './membership.service';
import { receiptPdf, statementPdf } from './receipts.service';

const userParams = z.object({ id: z.uuid({ error: messages.missingAccount }) });
export const paymentParams = z.object({ paymentId: z.uuid({ error: messages.receiptNotFound }) });
const statementQuery = z.strictObject({
  year: z.coerce
    .number({ error: messages.statementYearInvalid })
    .int({ error: messages.statementYearInvalid })
    .min(2000, { error: messages.statementYearInvalid })
    .refine((year) => year <= new Date().getUTCFullYear() + 1, { error: messages.statementYearInvalid }),
});

/** A PDF answered as a file to save: payments are the patient's own, kept by no browser or proxy cache. */
export const sendPdf = (reply: FastifyReply, { fileName, pdf }: { fileName: string; pdf: Buffer }) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);

export const billingRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await fastify.register(membershipTermsRoutes, { ctx });

  app.put(
    '/api/users/:id/subscription',
    {
      onRequest: [signedIn, usOnly(ctx)],
      schema: {
        operationId: 'checkoutSubscription',
        summary: "Pay for the account's plan by card",
        tags: ['Billing'],
        params: userParams,
        body: subscriptionRequestSchema,
        response: { 200: checkoutAnswerSchema, 402: declinedAnswerSchema.describe('The card was declined') },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const answer = await checkout(
        ctx,
        requireUser(request),
        request.params.id,
        request.body,
        typeof key === 'string' ? key : undefined,
        request.clientIp,
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      // A replayed refusal (400, 403, 409, 422) is sent as it was recorded: its own status, {message, …}.
      return reply.code(httpStatusOf(answer.outcome) as 200 | 402).send(answer.body as z.infer<typeof checkoutAnswerSchema>);
    },
  );

  app.put(
    '/api/users/:id/planUpdate',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'changePlan',
        summary: "Change the account's membership plan",
        tags: ['Billing'],
        params: userParams,
        body: planUpdateSchema,
        response: { 200: planChoiceAnswerSchema },
      },
    },
    async (request) => updatePlan(ctx.db, requireUser(request), request.params.id, request.body.subscriptionPlan),
  );

  // The welcome page's choice. It changes an account only for its signed-in owner; anyone else is
  // told to sign in, so the endpoint cannot be used to change or probe other people's plans.
  app.post(
    '/api/auth/choose-plan',
    {
      config: { optionalSession: true },
      schema: {
        operationId: 'choosePlan',
        summary: "Choose a plan on the welcome page: the signed-in owner's account takes it",
        tags: ['Billing'],
        body: choosePlanSchema,
        response: { 200: planChoiceAnswerSchema },
      },
    },
    async (request) => {
      const auth = request.auth;
      if (auth && auth.email === request.body.email) return updatePlan(ctx.db, auth, auth.userId, request.body.plan);
      return { message: messages.planNotedSignIn, subscriptionPlan: request.body.plan, requiresSignIn: true as const };
    },
  );

  app.get(
    '/api/users/me/unused-visits',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'listMyUnusedVisits',
        summary: 'The services of the visits the signed-in person paid for and has not used yet',
        tags: ['Billing'],
        response: { 200: unusedVisitsAnswerSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return unusedVisitsOf(ctx.db, requireUser(request).userId);
    },
  );

  app.get(
    '/api/users/me/payments',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'listMyPayments',
        summary: "List the signed-in user's payments, newest first",
        tags: ['Billing'],
        response: { 200: paymentsAnswerSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return paymentHistory(ctx.db, requireUser(request).userId);
    },
  );

  app.put(
    '/api/users/me/card',
    {
      onRequest: [signedIn, usOnly(ctx)],
      schema: {
        operationId: 'updateMyCard',
        summary: "Replace the card the signed-in member's renewals use; a past-due renewal is tried on it at once",
        tags: ['Billing'],
        body: visitPaymentSchema,
        response: { 200: cardUpdateAnswerSchema, 402: declinedAnswerSchema.describe('The card was declined') },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      reply.header('cache-control', 'no-store');
      return updateCard(ctx, requireUser(request).userId, request.body, typeof key === 'string' ? key : undefined, request.clientIp);
    },
  );

  app.get(
    '/api/users/me/payments/:paymentId/receipt.pdf',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'downloadMyReceipt',
        summary: "Download the receipt of one of the signed-in patient's paid payments (or refunds) as a PDF",
        tags: ['Billing'],
        params: paymentParams,
        produces: ['application/pdf'],
        response: { 200: z.unknown().describe('The receipt, a PDF') },
      },
    },
    async (request, reply) => sendPdf(reply, await receiptPdf(ctx, requireUser(request).userId, request.params.paymentId)),
  );

  app.get(
    '/api/users/me/statement.pdf',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'downloadMyYearlyStatement',
        summary: "Download the signed-in patient's payments of a US Central calendar year, and their total, as a PDF",
        tags: ['Billing'],
        querystring: statementQuery,
        produces: ['application/pdf'],
        response: { 200: z.unknown().describe('The statement, a PDF') },
      },
    },
    async (request, reply) => sendPdf(reply, await statementPdf(ctx, requireUser(request).userId, request.query.year)),
  );
};
