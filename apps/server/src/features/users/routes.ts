import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';

export const userRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async () => {};
