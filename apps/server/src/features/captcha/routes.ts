import { messageAnswerSchema, messages } from '@app/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { challengeSchema } from './altcha';

const verifyBody = z.strictObject({
  token: z.string({ error: messages.captchaRequired }).min(1, messages.captchaRequired).max(10_000, messages.tooLong(10_000)),
});

export const captchaRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { mode, recaptchaSiteKey } = ctx.config.captcha;

  app.get(
    '/api/captcha/config',
    {
      schema: {
        operationId: 'getCaptchaConfig',
        summary: 'Get which captcha the forms show',
        tags: ['Site'],
        response: { 200: z.object({ mode: z.enum(['altcha', 'recaptcha', 'off']), siteKey: z.string().optional() }) },
      },
    },
    async () => (mode === 'recaptcha' ? { mode, siteKey: recaptchaSiteKey } : { mode }),
  );

  // The altcha widget fetches this; each challenge is new, so nothing may cache it.
  app.get(
    '/api/captcha/challenge',
    {
      schema: {
        operationId: 'getCaptchaChallenge',
        summary: 'Get a new proof-of-work captcha challenge',
        tags: ['Site'],
        response: { 200: challengeSchema, 404: messageAnswerSchema.describe('The captcha in use is not the proof-of-work one') },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const challenge = await ctx.captcha.createChallenge();
      if (!challenge) return reply.code(404).send({ message: messages.notFound });
      return challenge;
    },
  );

  app.post(
    '/api/recaptcha/verify',
    {
      schema: {
        operationId: 'verifyCaptcha',
        summary: 'Check a solved captcha',
        tags: ['Site'],
        body: verifyBody,
        response: { 200: z.object({ success: z.boolean() }) },
      },
    },
    async (request) => ({ success: await ctx.captcha.verify(request.body.token, request.clientIp) }),
  );
};
