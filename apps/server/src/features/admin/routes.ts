import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../plugins/auth';
import { toProfile } from '../users/repository';

/** The admin API. Every route under /api/admin is already limited to admins by plugins/auth. */
export const adminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app) => {
  app.get('/api/admin/me', async (request) => ({ user: toProfile(requireAdmin(request).user) }));
};
