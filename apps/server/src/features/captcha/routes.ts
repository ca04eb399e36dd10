import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';

export const captchaRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async () => {};
