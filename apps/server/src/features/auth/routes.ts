import { z } from 'zod';
import {
  adminLoginVerifySchema,
  forgotPasswordSchema,
  loginAnswerSchema,
  loginSchema,
  messageAnswerSchema,
  messages,
  ownSessionsSchema,
  resetPasswordSchema,
  sessionAnswerSchema,
} from '@app/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { afterReply } from '../../plugins/after-reply';
import { requireUser, signedIn } from '../../plugins/auth';
import { usOnly } from '../../plugins/us-only';
import { endOtherSessions, endOwnSession, listOwnSessions } from './own-sessions.service';
import { forgotPassword, login, logout, resetPassword, sendResetLink, verifyAdminLogin } from './service';

export const authRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const meta = (request: { clientIp: string; headers: { 'user-agent'?: string } }) => ({
    ip: request.clientIp,
    userAgent: request.headers['user-agent'],
  });

  app.post(
    '/api/auth/login',
    {
      onRequest: usOnly(ctx),
      schema: {
        operationId: 'signIn',
        summary: 'Sign in with e-mail and password',
        tags: ['Sign-in'],
        body: loginSchema,
        response: { 200: loginAnswerSchema },
      },
    },
    async (request) => login(ctx, request.body, meta(request)),
  );

  app.post(
    '/api/auth/logout',
    {
      config: { optionalSession: true },
      schema: {
        operationId: 'signOut',
        summary: 'End the session whose token is sent',
        tags: ['Sign-in'],
        response: { 204: z.null().describe('Signed out') },
      },
    },
    async (request, reply) => {
      if (request.auth) await logout(ctx.db, request.auth.sessionId);
      return reply.code(204).send(null);
    },
  );

  // Where the member is signed in, and signing out of one device or every other one.
  app.get(
    '/api/users/me/sessions',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'listMySessions',
        summary: 'List the devices where the signed-in user is signed in',
        tags: ['Account'],
        response: { 200: ownSessionsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listOwnSessions(ctx, requireUser(request));
    },
  );

  app.delete(
    '/api/users/me/sessions/:sessionId',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'endMySession',
        summary: 'Sign the signed-in user out on one of their devices',
        tags: ['Account'],
        params: z.strictObject({ sessionId: z.uuid({ error: messages.sessionAlreadyEnded }) }),
        response: { 204: z.null().describe('Signed out there') },
      },
    },
    async (request, reply) => {
      await endOwnSession(ctx.db, requireUser(request), request.params.sessionId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/users/me/sessions/sign-out-others',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'endMyOtherSessions',
        summary: 'Sign the signed-in user out on every other device',
        tags: ['Account'],
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => {
      await endOtherSessions(ctx.db, requireUser(request));
      return { message: messages.otherSessionsEnded };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      schema: {
        operationId: 'requestPasswordReset',
        summary: 'Mail a password reset link',
        tags: ['Sign-in'],
        body: forgotPasswordSchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request, reply) => {
      const answer = await forgotPassword(ctx, request.body.email, request.clientIp);
      afterReply(reply, 'password reset mail', () => sendResetLink(ctx, request.body.email));
      return answer;
    },
  );

  app.put(
    '/api/auth/reset-password',
    {
      schema: {
        operationId: 'resetPassword',
        summary: "Set a new password with the reset link's token",
        tags: ['Sign-in'],
        body: resetPasswordSchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => resetPassword(ctx, request.body, meta(request)),
  );

  app.post(
    '/api/auth/verify-admin-login',
    {
      schema: {
        operationId: 'verifyAdminSignIn',
        summary: "Finish an admin's sign-in with the token its mail carried",
        tags: ['Sign-in'],
        body: adminLoginVerifySchema,
        response: { 200: sessionAnswerSchema },
      },
    },
    async (request) => verifyAdminLogin(ctx, request.body.token, meta(request)),
  );
};
