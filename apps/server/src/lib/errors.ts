/**
 * What went wrong, in the domain's words. Services and plugins throw these; the error handler
 * (plugins/error-handler.ts) alone decides which HTTP answer each kind becomes (decision 021).
 */
export type ErrorKind =
  /** The request breaks a rule of the product. */
  | 'invalid'
  /** No valid session, or wrong credentials. */
  | 'unauthenticated'
  /** The card was refused by the gateway. */
  | 'payment-declined'
  /** Signed in, but this is not theirs to do. */
  | 'forbidden'
  | 'not-found'
  /** The request clashes with the current state (a taken e-mail, a purchase in flight). */
  | 'conflict'
  | 'too-large'
  /** Well-formed, but it contradicts an earlier request (an Idempotency-Key reused for another body). */
  | 'unprocessable'
  | 'rate-limited'
  /** Refused where the visitor is (the US-only rule). */
  | 'region-blocked'
  /** A provider we depend on failed (the payment gateway). */
  | 'upstream-failed'
  /** A provider we depend on cannot be reached now (the captcha verifier). */
  | 'upstream-unavailable';

/** The outcome of an operation whose answer is kept and replayed (a checkout): success, or a refusal. */
export type Outcome = 'ok' | ErrorKind;

/** An error whose message is meant for the person using the site. */
export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** Added to the answer next to the message: per-field `errors`, a status the page shows. */
    readonly details: Record<string, unknown> = {},
    /** When trying again may succeed: the error is temporary, and nothing was done. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const invalid = (message: string, details?: Record<string, unknown>) => new DomainError('invalid', message, details);
/** A refusal tied to one field of the form: the message shows under that field too. */
export const invalidField = (field: string, message: string) => invalid(message, { errors: { [field]: message } });
export const unauthenticated = (message: string) => new DomainError('unauthenticated', message);
export const forbidden = (message: string, details?: Record<string, unknown>) => new DomainError('forbidden', message, details);
export const notFound = (message: string) => new DomainError('not-found', message);
export const conflict = (message: string, retryAfterSeconds?: number) => new DomainError('conflict', message, {}, retryAfterSeconds);
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new DomainError('rate-limited', message, { retryAfter: retryAfterSeconds }, retryAfterSeconds);
