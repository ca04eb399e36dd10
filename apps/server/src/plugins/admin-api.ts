import { messages, userProfileSchema } from '@app/shared';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { adminOnly, requireProfile } from './auth';
import { toProfile } from '../features/users';
import { adminKeptRecordRoutes } from '../features/account-deletion';
import { adminAnalyticsRoutes } from '../features/analytics';
import { adminAuditLogRoutes } from '../features/audit-log';
import { adminBillingRoutes } from '../features/billing';
import { adminClinicianRoutes } from '../features/clinicians';
import { adminEnquiryRoutes } from '../features/contact';
import { adminExpenseRoutes } from '../features/expenses';
import { adminStaffRoutes } from '../features/staff';
import { adminUserRoutes } from '../features/user-admin';
import { adminVisitRoutes } from '../features/visits';

/**
 * The admin API, registered with the prefix /api/admin. Its own onRequest hook (adminOnly) authorises
 * every route added here (and its 404s) after routing, so no spelling of a URL (encoded, doubled
 * slashes, dot segments) reaches an admin handler without an admin session. Add every admin route to
 * this plugin.
 */
export const adminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  adminOnly(app);
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: messages.notFound }));

  app.get(
    '/me',
    {
      config: { profile: true },
      schema: {
        operationId: 'getAdminProfile',
        summary: "Get the signed-in admin's profile",
        tags: ['Admin users'],
        response: { 200: z.object({ user: userProfileSchema }) },
      },
    },
    async (request) => ({
      user: toProfile(requireProfile(request)),
    }),
  );
  await app.register(adminUserRoutes, { ctx });
  await app.register(adminBillingRoutes, { ctx });
  await app.register(adminVisitRoutes, { ctx });
  await app.register(adminAnalyticsRoutes, { ctx });
  await app.register(adminExpenseRoutes, { ctx });
  await app.register(adminClinicianRoutes, { ctx });
  await app.register(adminStaffRoutes, { ctx });
  await app.register(adminEnquiryRoutes, { ctx });
  await app.register(adminAuditLogRoutes, { ctx });
  await app.register(adminKeptRecordRoutes, { ctx });
};
