import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, onResponseHookHandler } from 'fastify';
import type { AppContext } from '../context';
import type { AuditDetails } from '../db/schema';
import { isAudited, nameAuditedAction, recordAudits, type AuditEntry } from '../features/audit';

declare module 'fastify' {
  interface FastifyRequest {
    /** What the route adds to its row in the trail (a list read's query and count). */
    auditDetails: AuditDetails | null;
    /** Set when the route wrote its own row, in its transaction: the hook then writes none. */
    auditRecorded: boolean;
    /** Whose record the request read or changed, when the route knows better than its `:id` (a visit's patient). */
    auditSubject: string | null;
  }
}

/** Details for this request's row in the trail. */
export function addAuditDetails(request: FastifyRequest, details: AuditDetails) {
  request.auditDetails = details;
}

/** The patient whose record this request read or changed: the row is filed under them. */
export function setAuditSubject(request: FastifyRequest, userId: string) {
  request.auditSubject = userId;
}

/** The route recorded this request itself (a user edit, with its changes): no second row for it. */
export function markAuditRecorded(request: FastifyRequest) {
  request.auditRecorded = true;
}

/** The most rows one append writes. */
const AUDIT_BATCH = 500;

/**
 * Writes every audited request to the trail once it has been answered, so the trail costs the
 * patient no waiting. Requests answered while an append is under way go into the next one together
 * (one lock and one insert for many rows, instead of one each in turn: the chain allows one writer
 * at a time). The server waits for the writes still under way before it closes. A failed append
 * is logged and handed to `onWriteFailed` (the metrics count it).
 */
export function registerAuditTrail(app: FastifyInstance, ctx: AppContext, onWriteFailed: (rows: number) => void = () => undefined) {
  app.decorateRequest('auditDetails', null);
  app.decorateRequest('auditRecorded', false);
  app.decorateRequest('auditSubject', null);
  const queue: { entry: AuditEntry; log: FastifyBaseLogger }[] = [];
  let writing: Promise<void> | null = null;

  async function writeQueued() {
    while (queue.length > 0) {
      const batch = queue.splice(0, AUDIT_BATCH);
      await recordAudits(
        ctx.db,
        batch.map(({ entry }) => entry),
      ).catch((error: unknown) => {
        batch[0]!.log.error({ err: error, rows: batch.length }, 'audit trail write failed');
        onWriteFailed(batch.length);
      });
    }
    writing = null;
  }

  // Decided once per route as it is registered: a route not audited pays nothing per request.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.some((method) => isAudited(method, route.url))) return;
    // The audit log says what each action is with the summary the route declares.
    for (const method of methods) if (isAudited(method, route.url)) nameAuditedAction(`${method} ${route.url}`, route.schema?.summary);
    const recordAnswered: onResponseHookHandler = (request, reply, done) => {
      if (isAudited(request.method, route.url) && !request.auditRecorded) {
        // Field by field: spreading the actor into the entry took V8's slow path, about a fifth of /me's CPU.
        const { at, actorUserId, actorRole, action, subjectUserId, ip } = auditActor(request, route.url);
        const entry = { at, actorUserId, actorRole, action, subjectUserId, ip, status: reply.statusCode, details: request.auditDetails };
        queue.push({ entry, log: request.log });
        // Started after the I/O already waiting: the requests it answers join this append (on the
        // embedded database, which runs one statement at a time, none could finish during it).
        writing ??= new Promise(setImmediate).then(writeQueued);
      }
      done();
    };
    route.onResponse = [route.onResponse ?? []].flat().concat(recordAnswered);
  });
  app.addHook('preClose', async () => {
    await writing;
  });
}

/**
 * Who acted on whom, from where, now, and through which route (its pattern, never the URL, which
 * could carry a token): the part of a row every request shares. The hook passes the pattern it
 * already has; a handler's own row takes it from the request.
 */
export function auditActor(request: FastifyRequest, routeUrl = request.routeOptions.url) {
  const auth = request.auth;
  const params = request.params as { id?: unknown } | undefined;
  const subject = request.auditSubject ?? (typeof params?.id === 'string' ? params.id : (auth?.userId ?? null));
  return {
    at: new Date(),
    actorUserId: auth?.userId ?? null,
    actorRole: auth ? (auth.isAdmin ? 'admin' : auth.isClinician ? 'clinician' : 'patient') : 'anonymous',
    // Only a well-formed id: the column is a uuid, and a bad one was refused with a 400 anyway.
    subjectUserId: subject && /^[0-9a-f-]{36}$/i.test(subject) ? subject : null,
    ip: request.clientIp,
    action: `${request.method} ${routeUrl}`,
  };
}
