import { adminUserParams, deleteAccountSchema, keptRecordRequestSchema, messageAnswerSchema } from '@app/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { auditActor, markAuditRecorded } from '../../plugins/audit';
import { requireUser, signedIn } from '../../plugins/auth';
import { deleteOwnAccount } from './delete-account.service';
import { readKeptRecordAsAdmin } from './kept-record.service';

/** "Delete my account", for the signed-in member. */
export const accountDeletionRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/account/delete',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'deleteMyAccount',
        summary: "Delete the signed-in member's account, with their password: the membership ends, sign-in closes, contact data is erased",
        tags: ['Account'],
        body: deleteAccountSchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => deleteOwnAccount(ctx, requireUser(request).userId, request.body),
  );
};

const keptRecordAnswer = z.object({
  deletedAt: z.string(),
  recordsEraseAfter: z.string(),
  record: z.record(z.string(), z.unknown()),
});

/** A deleted account's kept records, for an admin with a reason; registered in the admin API, which authorises it. */
export const adminKeptRecordRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/users/:id/kept-record',
    {
      schema: {
        operationId: 'readDeletedAccountRecord',
        summary: "Read a deleted account's kept medical and payment records, giving the reason (recorded in the audit trail)",
        tags: ['Admin users'],
        params: adminUserParams,
        body: keptRecordRequestSchema,
        response: { 200: keptRecordAnswer },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const record = await readKeptRecordAsAdmin(ctx, request.params.id, request.body.reason, auditActor(request));
      markAuditRecorded(request);
      return record;
    },
  );
};
