import { dataExportLinkSchema, dataExportStatusSchema, messageAnswerSchema } from '@app/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { afterReply } from '../../plugins/after-reply';
import { requireUser, signedIn } from '../../plugins/auth';
import { openDownload } from './archive.service';
import { dataExportStatus, requestDataExport } from './request.service';

/** "Download my data": ask for it, see where it stands, and download it from the mailed link. */
export const dataExportRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/data-export',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'requestMyDataExport',
        summary: 'Ask for a copy of everything held about the signed-in person, prepared in the background and announced by e-mail',
        tags: ['Account'],
        body: z.strictObject({}).optional(),
        response: { 202: messageAnswerSchema },
      },
    },
    async (request, reply) => {
      const { message, created } = await requestDataExport(ctx, requireUser(request).userId);
      // Prepared by this process once the answer has gone; the worker takes it if this process stops first.
      if (created) afterReply(reply, 'data export', async () => void (await ctx.dataExports.deliverLeased(created)));
      return reply.code(202).send({ message });
    },
  );

  app.get(
    '/api/data-export',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'getMyDataExportStatus',
        summary: "Where the signed-in person's latest data download stands",
        tags: ['Account'],
        response: { 200: dataExportStatusSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return dataExportStatus(ctx.db, requireUser(request).userId);
    },
  );

  app.get(
    '/api/data-export/archive',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'downloadMyDataExport',
        summary: 'Download a prepared data archive from its signed link, as its owner, before it expires',
        tags: ['Account'],
        querystring: dataExportLinkSchema,
        produces: ['application/zip'],
        response: { 200: z.unknown().describe('The archive, a ZIP file') },
      },
    },
    async (request, reply) => {
      const { fileName, archive } = await openDownload(ctx, request.query, requireUser(request).userId);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(archive);
    },
  );
};
