import type { FastifyRequest } from 'fastify';

export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  code?: string;
  stack: string;
  cause?: LoggedError;
}

/**
 * The only way an error reaches the logs: its type, code, message and call stack, and nothing else.
 * A failed query's message ends with its parameters (Drizzle: "Failed query: …\nparams: …"), which
 * hold hashes, tokens and health data, so they are cut; driver fields such as `detail` (which quotes
 * the row) are left out, and so is the stack's first line, which repeats the message.
 */
export function serializeError(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'non-error value thrown', stack: '' };
  const { code, cause } = error as Error & { code?: unknown; cause?: unknown };
  return {
    type: error.name,
    message: error.message.replace(/\nparams:[\s\S]*$/, ''),
    ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
    stack: (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)).join('\n'),
    ...(cause === undefined ? {} : { cause: serializeError(cause) }),
  };
}

/** Requests are logged by their route pattern (/api/users/verify-email), never the URL: its query may hold a token. */
function serializeRequest(request: FastifyRequest) {
  return { method: request.method, route: request.routeOptions?.url ?? '(no route)', remoteAddress: request.clientIp };
}

/** Keys whose values never reach the logs, wherever an object holding them is logged. */
const secretKeys = [
  'password',
  'newPassword',
  'currentPassword',
  'passwordHash',
  'token',
  'recaptchaToken',
  'cardNumber',
  'cvv',
  'cvc',
  'expiry',
  'cardDetails',
  'dob',
  'phone',
  'customerPhone',
  'symptoms',
  'address',
  'street',
  'billingAddress',
  'billingStreet',
  'contact',
];

/**
 * Readable, coloured lines (pino-pretty) for a person at a terminal in development; JSON lines
 * everywhere else, as a log collector wants them. pino-pretty is a development dependency and is
 * never loaded in production.
 */
export function logTransport(env: 'development' | 'production' | 'test', isTerminal = process.stdout.isTTY === true) {
  return env === 'development' && isTerminal ? { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } : undefined;
}

export const loggerSettings = {
  serializers: { req: serializeRequest, err: serializeError, error: serializeError },
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie', ...secretKeys.flatMap((key) => [key, `*.${key}`])],
    censor: '[redacted]',
  },
};
