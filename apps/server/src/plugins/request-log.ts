import type { FastifyInstance } from 'fastify';
import { isEventStream } from '../lib/live/event-stream';

/**
 * One log line per request costs more than the request itself on the fast paths, so requests are
 * logged only when they say something: a slow one as a warning with its timing, every one at debug.
 * Errors are logged where they are handled (plugins/error-handler.ts), whatever the timing.
 */
export function registerRequestLog(app: FastifyInstance, slowRequestMs: number) {
  app.addHook('onResponse', (request, reply, done) => {
    const responseTimeMs = Math.round(reply.elapsedTime);
    // An event stream lasts as long as its client watches: that is not a slow answer.
    if (responseTimeMs >= slowRequestMs && !isEventStream(reply)) {
      request.log.warn({ req: request, statusCode: reply.statusCode, responseTimeMs }, 'slow request');
    } else if (request.log.level === 'debug' || request.log.level === 'trace') {
      request.log.debug({ req: request, statusCode: reply.statusCode, responseTimeMs }, 'request completed');
    }
    done();
  });
}
