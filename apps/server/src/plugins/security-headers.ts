import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isPageAddress } from './web-app';

/**
 * Helmet's headers for these options, worked out once. Our options are fixed at start (no nonces,
 * no per-request directives), so every answer carries the same headers; @fastify/helmet rebuilt the
 * whole middleware, and parsed the content security policy again, on every request.
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collect = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, collect as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * The policy of every API answer (JSON, receipt files): none of them is a document that loads
 * anything or may be framed, so a browser that opens one as a page runs and fetches nothing. The
 * pages' policy says what pages may load; on an API answer it only added 340 bytes, a sixth of the
 * plan catalogue's answer (decision 037).
 */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Sets the security headers on every answer, pages, API and errors alike: the pages' policy on pages, API_POLICY on the API. */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const pageHeaders = securityHeaders(options);
  const apiHeaders = { ...pageHeaders, 'content-security-policy': API_POLICY };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isPageAddress(request.url) ? pageHeaders : apiHeaders);
    done();
  });
}
