import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedIn } from '../../plugins/auth';
import type { PatientVisitsDeps } from './request.service';
import { visitParams } from './routes';
import { visitSummaryPdf } from './summary.service';

/** The patient's copy of a signed visit summary, to keep or share as they choose. */
export const visitSummaryRoutes: FastifyPluginAsync<{ visits: PatientVisitsDeps }> = async (fastify, { visits }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/visits/:visitId/summary.pdf',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'downloadMyVisitSummary',
        summary: "Download the signed summary of one of the signed-in patient's visits as a PDF",
        tags: ['Visits'],
        params: visitParams,
        produces: ['application/pdf'],
        response: { 200: z.unknown().describe('The visit summary, a PDF') },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await visitSummaryPdf(visits, requireUser(request).userId, request.params.visitId);
      // Health data: downloaded, never kept by a browser or proxy cache.
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
};
