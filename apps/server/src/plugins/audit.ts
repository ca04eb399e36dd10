import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { isAudited, recordAudit } from '../features/audit/service';

/**
 * Writes every audited request to the trail once it has been answered, so the trail costs the
 * patient no waiting; the server waits for the writes still under way before it closes.
 */
export function registerAuditTrail(app: FastifyInstance, ctx: AppContext) {
  const pending = new Set<Promise<void>>();
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!isAudited(request.method, route)) return;
    const auth = request.auth;
    const params = request.params as { id?: unknown } | undefined;
    const subject = typeof params?.id === 'string' ? params.id : (auth?.userId ?? null);
    const write = recordAudit(ctx, {
      at: new Date(),
      actorUserId: auth?.userId ?? null,
      actorRole: auth ? (auth.isAdmin ? 'admin' : 'patient') : 'anonymous',
      action: `${request.method} ${route}`,
      // Only a well-formed id: the column is a uuid, and a bad one was refused with a 400 anyway.
      subjectUserId: subject && /^[0-9a-f-]{36}$/i.test(subject) ? subject : null,
      ip: request.clientIp,
      status: reply.statusCode,
    })
      .catch((error: unknown) => request.log.error({ err: error }, 'audit trail write failed'))
      .finally(() => pending.delete(write));
    pending.add(write);
  });
  app.addHook('preClose', async () => {
    await Promise.all(pending);
  });
}
