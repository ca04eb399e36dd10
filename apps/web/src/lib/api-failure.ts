import { ApiError } from './api-client';

/** The answers that end a signed-in area: the session is over (401) or the account may not be there (403). */
export type AuthFailure = 401 | 403;

export const authFailureOf = (error: unknown): AuthFailure | null =>
  error instanceof ApiError && (error.status === 401 || error.status === 403) ? error.status : null;

/** What a failed call shows: the server's own message first (docs/product.md, Messages), else the section's default. */
export const failureMessage = (error: unknown, fallback: string) => (error instanceof ApiError && error.serverMessage) || fallback;
