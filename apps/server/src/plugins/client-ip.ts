import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The client's address: what geo checks, rate limits, captcha and sessions use. */
    clientIp: string;
  }
}

/**
 * The one place the client address is decided. Fastify walks X-Forwarded-For only as far as
 * TRUST_PROXY allows (request.ips: the socket's address, then each believed hop); when any of those
 * hops is not an IP address the header is ignored and the socket's address is the client.
 */
function clientIp(request: FastifyRequest): string {
  const socketAddress = request.socket.remoteAddress ?? '';
  const chain = request.ips ?? [];
  const believed = chain.at(-1);
  return believed && chain.every((address) => isIP(address) !== 0) ? believed : socketAddress;
}

// Decided once per request, kept on the request itself: several checks ask, and walking the
// forwarded chain is not free. (A WeakMap keyed by request cost more: an entry per request for the
// garbage collector to sweep.)
const decided = Symbol('decided client address');

declare module 'fastify' {
  interface FastifyRequest {
    [decided]: string | null;
  }
}

export function registerClientIp(app: FastifyInstance) {
  app.decorateRequest(decided, null);
  app.decorateRequest('clientIp', {
    getter(this: FastifyRequest) {
      return (this[decided] ??= clientIp(this));
    },
  });
}
