import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';

export const geoRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async () => {};
