import {
  changeEmailSchema,
  changePasswordSchema,
  confirmEmailChangeSchema,
  ownDetailsSchema,
  messageAnswerSchema,
  registrationAnswerSchema,
  registrationSchema,
  resendVerificationSchema,
  userProfileSchema,
  verifyEmailSchema,
} from '@app/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { afterReply } from '../../plugins/after-reply';
import { requireProfile, requireUser, signedIn } from '../../plugins/auth';
import { usOnly } from '../../plugins/us-only';
import { toProfile } from './profile.service';
import { changePassword } from '../auth';
import { confirmEmailChange, requestEmailChange } from './email-change.service';
import {
  register,
  requestVerificationResend,
  resendVerificationLink,
  updateOwnDetails,
  verifyEmail,
  verifyEmailTokenStatus,
} from './service';

const tokenStatusAnswer = z.union([z.object({ usable: z.literal(true) }), z.object({ usable: z.literal(false), message: z.string() })]);

export const userRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/users/register',
    {
      onRequest: usOnly(ctx),
      schema: {
        operationId: 'registerUser',
        summary: 'Sign up for a membership',
        tags: ['Account'],
        body: registrationSchema,
        response: { 201: registrationAnswerSchema },
      },
    },
    async (request, reply) => {
      const result = await register(ctx, request.body, { ip: request.clientIp, userAgent: request.headers['user-agent'] });
      return reply.code(201).send(result);
    },
  );

  // The answer is the message alone: it names no address, as the link's reader may not own the account's.
  app.post(
    '/api/users/verify-email',
    {
      schema: {
        operationId: 'verifyEmail',
        summary: 'Verify the e-mail address with the token its mail carried',
        tags: ['Account'],
        body: verifyEmailSchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => verifyEmail(ctx.db, request.body.token),
  );
  // Opening a link must not verify anything (mail scanners open links): the GET only tells whether the token is usable.
  app.get(
    '/api/users/verify-email',
    {
      schema: {
        operationId: 'checkEmailVerificationToken',
        summary: 'Tell whether an e-mail verification token is still usable, without using it',
        tags: ['Account'],
        querystring: verifyEmailSchema,
        response: { 200: tokenStatusAnswer },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return verifyEmailTokenStatus(ctx.db, request.query.token);
    },
  );

  app.post(
    '/api/users/resend-verification',
    {
      schema: {
        operationId: 'resendVerificationEmail',
        summary: 'Mail the e-mail verification link again',
        tags: ['Account'],
        body: resendVerificationSchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request, reply) => {
      const answer = await requestVerificationResend(ctx, request.clientIp);
      afterReply(reply, 'verification mail', () => resendVerificationLink(ctx, request.body.email));
      return answer;
    },
  );

  // The same answer at three addresses, which the web app's older pages fall back through.
  const profileAddresses = [
    { url: '/api/users/me', operationId: 'getMyProfile', summary: "Get the signed-in user's profile" },
    { url: '/api/auth/me', operationId: 'getMyProfileAuthAlias', summary: "Get the signed-in user's profile (as getMyProfile)" },
    { url: '/api/me', operationId: 'getMyProfileShortAlias', summary: "Get the signed-in user's profile (as getMyProfile)" },
  ];
  for (const { url, operationId, summary } of profileAddresses) {
    app.get(
      url,
      {
        onRequest: signedIn,
        config: { profile: true },
        schema: { operationId, summary, tags: ['Account'], response: { 200: userProfileSchema } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return toProfile(requireProfile(request));
      },
    );
  }

  app.put(
    '/api/users/me',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'updateMyDetails',
        summary: "Correct the signed-in user's name, phone, ZIP code and billing address",
        tags: ['Account'],
        body: ownDetailsSchema,
        response: { 200: userProfileSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return toProfile(await updateOwnDetails(ctx.db, requireUser(request).userId, request.body));
    },
  );

  app.put(
    '/api/users/password',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'changePassword',
        summary: "Change the signed-in user's password",
        tags: ['Account'],
        body: changePasswordSchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => changePassword(ctx, requireUser(request), request.body),
  );

  app.post(
    '/api/users/email',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'requestEmailChange',
        summary: "Ask to change the signed-in member's e-mail: a link to the new address confirms it",
        tags: ['Account'],
        body: changeEmailSchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => requestEmailChange(ctx, requireUser(request), request.body),
  );

  // A POST the page's button sends: opening the mailed link alone changes nothing (mail scanners open links).
  app.post(
    '/api/users/email/confirm',
    {
      config: { optionalSession: true },
      schema: {
        operationId: 'confirmEmailChange',
        summary: "Make the new address the account's, with the token its mail carried",
        tags: ['Account'],
        body: confirmEmailChangeSchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => confirmEmailChange(ctx, request.body.token, request.auth),
  );
};
