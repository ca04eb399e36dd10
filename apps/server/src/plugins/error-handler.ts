import { fieldErrors, messages } from '@app/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { DomainError, type Outcome } from '../lib/errors';

interface Issue {
  code: string;
  message: string;
  path: PropertyKey[];
  keys?: string[];
}

/** The one place where what went wrong becomes an HTTP status (decision 021). */
const HTTP_STATUS: Record<Outcome, number> = {
  ok: 200,
  invalid: 400,
  unauthenticated: 401,
  'payment-declined': 402,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  unprocessable: 422,
  'rate-limited': 429,
  'region-blocked': 451,
  'upstream-failed': 502,
  'upstream-unavailable': 503,
};

export const httpStatusOf = (outcome: Outcome) => HTTP_STATUS[outcome];

/** Turns validation issues into the body every 400 shares: the first message, and one per field. */
function validationBody(issues: Issue[]) {
  const unknown = issues.find((i) => i.code === 'unrecognized_keys');
  if (unknown?.keys?.[0]) return { message: messages.unknownField(unknown.keys[0]), errors: { [unknown.keys[0]]: 'Unknown field.' } };
  const errors = fieldErrors({ issues });
  return { message: Object.values(errors)[0] ?? messages.badRequest, errors };
}

/** One shape for every error answer: { message, errors? }. Nothing internal leaks out of a 500. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(httpStatusOf(error.kind)).send({ message: error.message, ...error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        code: v.keyword,
        message: v.message ?? messages.badRequest,
        path: v.instancePath.split('/').filter(Boolean),
        keys: (v.params as { keys?: string[] }).keys,
      }));
      return reply.code(400).send(validationBody(issues));
    }
    if (error instanceof ZodError) return reply.code(400).send(validationBody(error.issues));
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && error.statusCode === 400)) {
      return reply.code(400).send({ message: messages.malformedJson });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = status === 413 ? messages.requestTooLarge : status === 415 ? messages.unsupportedMediaType : messages.badRequest;
      return reply.code(status).send({ message });
    }
    // Only the error (lib/logging.ts drops a failed query's parameters): never the body or the query string.
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: messages.serverError });
  });
}
