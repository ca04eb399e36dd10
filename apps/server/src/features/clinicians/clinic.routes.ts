import { clinicianSelfSchema, dutySchema } from '@app/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { clinicianOnly, requireClinician } from '../../plugins/auth';
import { readOwnClinician, setOwnDuty } from './service';

/**
 * The clinic's API, registered with the prefix /api/clinic: every route answers clinicians only
 * (clinicianOnly), and a clinician whose access is off gets a 403 from the service.
 */
export const clinicRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  clinicianOnly(fastify);
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/me',
    {
      schema: {
        operationId: 'getClinicianSelf',
        summary: "Get the signed-in clinician's name, licence and duty",
        tags: ['Clinic'],
        response: { 200: clinicianSelfSchema },
      },
    },
    async (request) => readOwnClinician(ctx.db, requireClinician(request).userId),
  );

  app.put(
    '/duty',
    {
      schema: {
        operationId: 'setClinicianDuty',
        summary: 'Go on or off duty',
        tags: ['Clinic'],
        body: dutySchema,
        response: { 200: clinicianSelfSchema },
      },
    },
    async (request) => setOwnDuty(ctx.db, requireClinician(request).userId, request.body.onDuty),
  );
};
