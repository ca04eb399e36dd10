import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { AuditDetails } from '../db/schema';
import { isAudited, recordAudit } from '../features/audit';

declare module 'fastify' {
  interface FastifyRequest {
    /** What the route adds to its row in the trail (a list read's query and count). */
    auditDetails: AuditDetails | null;
    /** Set when the route wrote its own row, in its transaction: the hook then writes none. */
    auditRecorded: boolean;
  }
}

/** Details for this request's row in the trail. */
export function addAuditDetails(request: FastifyRequest, details: AuditDetails) {
  request.auditDetails = details;
}

/** The route recorded this request itself (a user edit, with its changes): no second row for it. */
export function markAuditRecorded(request: FastifyRequest) {
  request.auditRecorded = true;
}

/**
 * Writes every audited request to the trail once it has been answered, so the trail costs the
 * patient no waiting; the server waits for the writes still under way before it closes.
 */
export function registerAuditTrail(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('auditDetails', null);
  app.decorateRequest('auditRecorded', false);
  const pending = new Set<Promise<void>>();
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!isAudited(request.method, route) || request.auditRecorded) return;
    const write = recordAudit(ctx.db, { ...auditActor(request), action: `${request.method} ${route}`, status: reply.statusCode, details: request.auditDetails })
      .catch((error: unknown) => request.log.error({ err: error }, 'audit trail write failed'))
      .finally(() => pending.delete(write));
    pending.add(write);
  });
  app.addHook('preClose', async () => {
    await Promise.all(pending);
  });
}

/** Who acted on whom, from where, now: the part of a row every request shares. */
export function auditActor(request: FastifyRequest) {
  const auth = request.auth;
  const params = request.params as { id?: unknown } | undefined;
  const subject = typeof params?.id === 'string' ? params.id : (auth?.userId ?? null);
  return {
    at: new Date(),
    actorUserId: auth?.userId ?? null,
    actorRole: auth ? (auth.isAdmin ? 'admin' : 'patient') : 'anonymous',
    // Only a well-formed id: the column is a uuid, and a bad one was refused with a 400 anyway.
    subjectUserId: subject && /^[0-9a-f-]{36}$/i.test(subject) ? subject : null,
    ip: request.clientIp,
  };
}
