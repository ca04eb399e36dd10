import {
  adultInviteSchema,
  childSchema,
  coverageLossSchema,
  householdAnswerSchema,
  invitationAnswerSchema,
  invitationSignupSchema,
  invitationTokenSchema,
  messageAnswerSchema,
  messages,
} from '@app/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { setAuditSubject } from '../../plugins/audit';
import { requireUser, signedIn } from '../../plugins/auth';
import { peopleLosingCoverage } from './access.service';
import { acceptInvitation, readInvitation, signUpThroughInvitation } from './accept-invitation.service';
import { addChild } from './add-child.service';
import { inviteAdult, inviteGrownChild } from './invite-adult.service';
import { readHousehold } from './read.service';
import { cancelInvitation, leaveHousehold, removePerson } from './remove-person.service';

/** A person of the household named in the path: a malformed id is refused before any lookup. */
export const personParams = z.object({ personId: z.uuid({ error: messages.personNotFound }) });
const invitationParams = z.object({ invitationId: z.uuid({ error: messages.inviteInvalid }) });
const tags = ['Household'];

/** The signed-in member's household: the family card, its children and invited adults, and the invitation's link. */
export const householdRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/household',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'getMyHousehold',
        summary: "The signed-in member's household: themselves alone outside a family membership",
        tags,
        response: { 200: householdAnswerSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readHousehold(ctx.db, requireUser(request).userId);
    },
  );

  app.post(
    '/api/household/children',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'addChild',
        summary: 'Add a child under 18 to the family, with the signed-in adult as their guardian',
        tags,
        body: childSchema,
        response: { 201: messageAnswerSchema.extend({ id: z.string() }) },
      },
    },
    async (request, reply) => {
      const added = await addChild(ctx.db, requireUser(request).userId, request.body);
      setAuditSubject(request, added.id);
      return reply.code(201).send(added);
    },
  );

  app.post(
    '/api/household/invitations',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'inviteAdult',
        summary: 'Invite an adult to the family by e-mail (the holder only)',
        tags,
        body: adultInviteSchema,
        response: { 201: messageAnswerSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await inviteAdult(ctx, requireUser(request).userId, request.body.email)),
  );

  app.delete(
    '/api/household/invitations/:invitationId',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'cancelHouseholdInvitation',
        summary: 'Withdraw an invitation not yet accepted (the holder only)',
        tags,
        params: invitationParams,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => cancelInvitation(ctx.db, requireUser(request).userId, request.params.invitationId),
  );

  app.delete(
    '/api/household/people/:personId',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'removeHouseholdPerson',
        summary: 'Remove someone from the family (the holder only); their record stays theirs',
        tags,
        params: personParams,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => {
      setAuditSubject(request, request.params.personId);
      return removePerson(ctx.db, requireUser(request).userId, request.params.personId);
    },
  );

  app.post(
    '/api/household/people/:personId/invitation',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'inviteGrownChild',
        summary: 'Invite a child who turned 18 to create their own login; their record moves with them',
        tags,
        params: personParams,
        body: adultInviteSchema,
        response: { 201: messageAnswerSchema },
      },
    },
    async (request, reply) => {
      setAuditSubject(request, request.params.personId);
      return reply.code(201).send(await inviteGrownChild(ctx, requireUser(request).userId, request.params.personId, request.body.email));
    },
  );

  app.post(
    '/api/household/leave',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'leaveHousehold',
        summary: 'Leave the family (an invited adult), with the children one is the guardian of',
        tags,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => leaveHousehold(ctx.db, requireUser(request).userId),
  );

  app.get(
    '/api/household/coverage-loss',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'getCoverageLoss',
        summary: 'Who would lose the family coverage if the membership became an Individual one',
        tags,
        response: { 200: coverageLossSchema },
      },
    },
    async (request) => peopleLosingCoverage(ctx.db, requireUser(request).userId),
  );

  // The invitation's link, opened before or after signing in: the token travels in the body, never the address.
  app.post(
    '/api/household/invitation/read',
    {
      schema: {
        operationId: 'readHouseholdInvitation',
        summary: "Who sent an invitation's link, and the address it is for, without using it",
        tags,
        body: invitationTokenSchema,
        response: { 200: invitationAnswerSchema },
      },
    },
    async (request) => readInvitation(ctx.db, request.body.token),
  );

  app.post(
    '/api/household/invitation/accept',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'acceptHouseholdInvitation',
        summary: "Join the family with the signed-in account, whose address is the invitation's",
        tags,
        body: invitationTokenSchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => acceptInvitation(ctx.db, requireUser(request).userId, request.body.token),
  );

  app.post(
    '/api/household/invitation/sign-up',
    {
      schema: {
        operationId: 'signUpThroughHouseholdInvitation',
        summary: "Create one's login through the invitation's link, and join the family",
        tags,
        body: invitationSignupSchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => signUpThroughInvitation(ctx.db, request.body),
  );
};
