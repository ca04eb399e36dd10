import { messages, RECEIPT_CONTENT_TYPES } from '@app/shared';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { forbidden } from '../../lib/errors';
import type { UploadRow } from './repository';
import { findReceipt, isValidDownload, receiveLocalUpload } from './service';

/** RFC 6266: an ASCII fallback name and the exact name in UTF-8. */
function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * A receipt as a download (checklist row 30): the stored type, never rendered by the browser in our
 * origin (attachment, nosniff), never cached. Both drivers stream through here, so the headers are
 * ours on S3 too.
 */
export async function sendReceipt(ctx: AppContext, reply: FastifyReply, upload: UploadRow) {
  return reply
    .type(upload.contentType)
    .header('content-length', upload.size)
    .header('content-disposition', attachmentDisposition(upload.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(await ctx.storage.openRead(upload.storageKey));
}

const uploadQuery = z.strictObject({
  key: z.string().max(200),
  type: z.string().max(100),
  size: z.coerce.number().int().min(0),
  expires: z.coerce.number().int(),
  sig: z.string().max(100),
});

/**
 * The addresses a browser uses without the admin's token, each checked by its own signature: the
 * local driver's upload address, and the short-lived download address an expense shows.
 */
export const receiptFileRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The upload's body is streamed to disk by the handler: no parser reads or buffers it.
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  app.put(
    '/api/files/upload',
    {
      schema: {
        operationId: 'uploadReceiptFile',
        summary: "Upload a receipt's file to the signed address initiateReceiptUpload gave",
        tags: ['Receipt files'],
        querystring: uploadQuery,
        response: { 204: z.null().describe('Stored') },
      },
    },
    async (request, reply) => {
      await receiveLocalUpload(ctx, request.query, request.headers, request.raw);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/files/:uploadId',
    {
      schema: {
        operationId: 'downloadReceiptFile',
        summary: 'Download a receipt from the signed address an expense shows',
        tags: ['Receipt files'],
        params: z.strictObject({ uploadId: z.uuid() }),
        querystring: z.strictObject({ expires: z.coerce.number().int(), sig: z.string().max(100) }),
        produces: RECEIPT_CONTENT_TYPES,
        response: { 200: z.unknown().describe('The receipt, as stored') },
      },
    },
    async (request, reply) => {
      const { uploadId } = request.params;
      if (!isValidDownload(ctx, uploadId, request.query.expires, request.query.sig)) throw forbidden(messages.downloadLinkInvalid);
      return sendReceipt(ctx, reply, await findReceipt(ctx, uploadId));
    },
  );
};
