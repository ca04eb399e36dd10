import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';

/** Run-time settings the browser needs: the live-chat script (none unless CHAT_WIDGET_URL is set). */
export const siteRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/site-config',
    {
      schema: {
        operationId: 'getSiteConfig',
        summary: 'Get the run-time settings the pages need',
        tags: ['Site'],
        response: { 200: z.object({ chatWidgetUrl: z.string().nullable() }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { chatWidgetUrl: ctx.config.chatWidgetUrl ?? null };
    },
  );
};
