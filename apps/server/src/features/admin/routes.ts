import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { findUserById, toProfile } from '../users/repository';

/** The admin API. Every route under /api/admin is already limited to admins by plugins/auth. */
export const adminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/admin/me', async (request) => {
    const user = await findUserById(ctx.db, request.auth!.userId);
    return { user: user ? toProfile(user) : null };
  });
};
