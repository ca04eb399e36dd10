import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';

export const authRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async () => {};
