import { z } from 'zod';
import {
  adminLoginVerifySchema,
  forgotPasswordSchema,
  loginAnswerSchema,
  loginSchema,
  messageAnswerSchema,
  resetPasswordSchema,
  sessionAnswerSchema,
} from '@app/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { afterReply } from '../../plugins/after-reply';
import { usOnly } from '../../plugins/us-only';
import { forgotPassword, login, logout, resetPassword, sendResetLink, verifyAdminLogin } from './service';

export const authRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const meta = (request: { clientIp: string; headers: { 'user-agent'?: string } }) => ({
    ip: request.clientIp,
    userAgent: request.headers['user-agent'],
  });

  app.post(
    '/api/auth/login',
    { onRequest: usOnly(ctx), schema: { body: loginSchema, response: { 200: loginAnswerSchema } } },
    async (request) => login(ctx, request.body, meta(request)),
  );

  app.post('/api/auth/logout', { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    if (request.auth) await logout(ctx, request.auth.sessionId);
    return reply.code(204).send(null);
  });

  app.post(
    '/api/auth/forgot-password',
    { schema: { body: forgotPasswordSchema, response: { 200: messageAnswerSchema } } },
    async (request, reply) => {
      const answer = await forgotPassword(ctx, request.body.email, request.clientIp);
      afterReply(reply, 'password reset mail', () => sendResetLink(ctx, request.body.email));
      return answer;
    },
  );

  app.put('/api/auth/reset-password', { schema: { body: resetPasswordSchema, response: { 200: messageAnswerSchema } } }, async (request) =>
    resetPassword(ctx, request.body, meta(request)),
  );

  app.post(
    '/api/auth/verify-admin-login',
    { schema: { body: adminLoginVerifySchema, response: { 200: sessionAnswerSchema } } },
    async (request) => verifyAdminLogin(ctx, request.body.token, meta(request)),
  );
};
