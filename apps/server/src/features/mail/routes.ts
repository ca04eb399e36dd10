import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';

export const mailboxRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async () => {};
