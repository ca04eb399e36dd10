import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

/** The logging services and jobs do: a line at a level, with its details. The server's logger is one. */
export interface Log {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

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
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
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
  return env === 'development' && isTerminal
    ? { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } }
    : undefined;
}

export const loggerSettings = {
  serializers: { req: serializeRequest, err: serializeError, error: serializeError },
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie', ...secretKeys.flatMap((key) => [key, `*.${key}`])],
    censor: '[redacted]',
  },
};

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

/** Fastify's logger is pino's, which can say whether a level is logged. */
type PinoLogger = FastifyBaseLogger & { isLevelEnabled: (level: LogLevel) => boolean };
type LogArgs = Parameters<FastifyBaseLogger[LogLevel]>;

/**
 * A request's logger that makes pino's child (bound to the request id) the first time the request
 * logs at a level the logger lets through, then logs through it exactly as pino's own would. One
 * object per request, its methods on the prototype.
 */
class LazyChildLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: PinoLogger,
    private readonly bindings: Bindings,
  ) {}

  #built(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings));
  }

  #log(level: LogLevel, args: LogArgs) {
    if (this.#child || this.parent.isLevelEnabled(level)) this.#built()[level](...args);
  }

  get level(): string {
    return (this.#child ?? this.parent).level;
  }
  set level(level: string) {
    this.#built().level = level;
  }
  fatal(...args: LogArgs) {
    this.#log('fatal', args);
  }
  error(...args: LogArgs) {
    this.#log('error', args);
  }
  warn(...args: LogArgs) {
    this.#log('warn', args);
  }
  info(...args: LogArgs) {
    this.#log('info', args);
  }
  debug(...args: LogArgs) {
    this.#log('debug', args);
  }
  trace(...args: LogArgs) {
    this.#log('trace', args);
  }
  silent() {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#built().child(bindings, options);
  }
}

/**
 * Fastify gives every request a child logger bound to its request id, and pino builds a child at
 * once, running the redaction over its bindings: a cost every request paid though almost none logs
 * (decision 028). Here the child is made when the request first logs.
 */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  // Per-route levels or serializers: pino's child as Fastify would make it.
  if (Object.keys(options).length > 0) return logger.child(bindings, options);
  return new LazyChildLogger(logger as PinoLogger, bindings);
}
