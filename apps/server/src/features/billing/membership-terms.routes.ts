import { cancellationQuoteSchema, cancellationRequestSchema, membershipTermsSchema, planChangeRequestSchema } from '@app/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser, signedIn } from '../../plugins/auth';
import {
  cancelMembership,
  cancelPlanChange,
  keepMembership,
  membershipTerms,
  quoteCancellation,
  schedulePlanChange,
} from './membership-terms.service';

/** The signed-in member's own cancellation and plan change (the membership card). */
export const membershipTermsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Billing'];

  app.get(
    '/api/users/me/membership',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'getMyMembershipTerms',
        summary: "The signed-in member's cancellation and scheduled plan change",
        tags,
        response: { 200: membershipTermsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return membershipTerms(ctx.db, requireUser(request).userId);
    },
  );

  app.get(
    '/api/users/me/membership/cancellation',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'quoteMyCancellation',
        summary: 'What cancelling now would cost, by the membership terms, and the day the membership would end',
        tags,
        response: { 200: cancellationQuoteSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return quoteCancellation(ctx.db, requireUser(request).userId);
    },
  );

  app.post(
    '/api/users/me/membership/cancellation',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'cancelMyMembership',
        summary: 'Cancel the membership online, by the membership terms, with an optional reason',
        tags,
        body: cancellationRequestSchema,
        response: { 200: membershipTermsSchema },
      },
    },
    async (request) => cancelMembership(ctx, requireUser(request).userId, { reason: request.body.reason, method: 'online' }),
  );

  app.delete(
    '/api/users/me/membership/cancellation',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'keepMyMembership',
        summary: 'Undo a cancellation that has not taken effect yet',
        tags,
        response: { 200: membershipTermsSchema },
      },
    },
    async (request) => keepMembership(ctx.db, requireUser(request).userId),
  );

  app.put(
    '/api/users/me/membership/plan-change',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'scheduleMyPlanChange',
        summary: 'Change plan from the next full billing cycle',
        tags,
        body: planChangeRequestSchema,
        response: { 200: membershipTermsSchema },
      },
    },
    async (request) => schedulePlanChange(ctx.db, requireUser(request).userId, request.body.planId),
  );

  app.delete(
    '/api/users/me/membership/plan-change',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'cancelMyPlanChange',
        summary: 'Drop a scheduled plan change',
        tags,
        response: { 200: membershipTermsSchema },
      },
    },
    async (request) => cancelPlanChange(ctx.db, requireUser(request).userId),
  );
};
