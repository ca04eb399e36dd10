import type { Executor } from '../db/client';
import { clearHits, countHits, recordHit } from '../db/rate-limit.repository';

/**
 * A sliding-window limit kept in the database, so every server instance sees the same counts and a
 * restart forgets nothing.
 */
export interface RateLimit {
  bucket: string;
  limit: number;
  windowMs: number;
}

export const limits = {
  failedLoginByEmail: { bucket: 'login-fail-email', limit: 10, windowMs: 15 * 60_000 },
  failedLoginByIp: { bucket: 'login-fail-ip', limit: 10, windowMs: 15 * 60_000 },
  forgotPassword: { bucket: 'forgot-password', limit: 5, windowMs: 60 * 60_000 },
  adminMagicLink: { bucket: 'admin-magic-link', limit: 5, windowMs: 60 * 60_000 },
  passwordChange: { bucket: 'password-change', limit: 10, windowMs: 15 * 60_000 },
  enquiryByIp: { bucket: 'enquiry-ip', limit: 10, windowMs: 60 * 60_000 },
  // Card testing: declined checkouts, checked before the gateway is called.
  declinedCardByPatient: { bucket: 'card-declined-patient', limit: 5, windowMs: 60 * 60_000 },
  declinedCardByIp: { bucket: 'card-declined-ip', limit: 20, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimit>;

/** Seconds until the key may try again, or 0 when it is under its limit. */
export async function secondsLocked(db: Executor, rule: RateLimit, key: string, now = new Date()): Promise<number> {
  const { hits, oldest } = await countHits(db, rule.bucket, key, new Date(now.getTime() - rule.windowMs));
  if (hits < rule.limit || !oldest) return 0;
  return Math.max(1, Math.ceil((oldest.getTime() + rule.windowMs - now.getTime()) / 1000));
}

export const countAttempt = (db: Executor, rule: RateLimit, key: string) => recordHit(db, rule.bucket, key);
export const forgetAttempts = (db: Executor, rule: RateLimit, key: string) => clearHits(db, rule.bucket, key);

/** Counts this attempt and tells whether it is within the limit (seconds to wait when not). */
export async function takeAttempt(db: Executor, rule: RateLimit, key: string): Promise<number> {
  const wait = await secondsLocked(db, rule, key);
  if (wait > 0) return wait;
  await recordHit(db, rule.bucket, key);
  return 0;
}
