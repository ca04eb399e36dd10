import { enquiryRequestSchema, messageAnswerSchema } from '@app/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { usOnly } from '../../plugins/us-only';
import { sendEnquiry } from './service';

export const contactRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/users/questions',
    {
      onRequest: usOnly(ctx),
      schema: {
        operationId: 'sendEnquiry',
        summary: 'Send a question to the care team',
        tags: ['Contact'],
        body: enquiryRequestSchema,
        response: { 201: messageAnswerSchema },
      },
    },
    async (request, reply) => {
      const { fullName, email, phone, message } = request.body;
      return reply.code(201).send(await sendEnquiry(ctx, { fullName, email, phone, message }, request.clientIp));
    },
  );
};
