import type { Challenge } from 'altcha-lib';

/** How long an ALTCHA challenge, or a verified reCAPTCHA token, stays good. */
export const SOLUTION_TTL_MS = 10 * 60_000;

/**
 * Captcha: a proof-of-work challenge (ALTCHA, self-hosted) by default, Google reCAPTCHA when
 * configured, or none. Each solved token works once.
 */
export interface CaptchaService {
  readonly mode: 'altcha' | 'recaptcha' | 'off';
  /** A fresh challenge for the ALTCHA widget; null unless the mode is 'altcha'. */
  createChallenge(): Promise<Challenge | null>;
  /**
   * POST /api/recaptcha/verify: checks a token and records it as verified. A token that was seen
   * before answers false.
   */
  verify(token: string, ip?: string): Promise<boolean>;
  /**
   * Used by sign-up and sign-in: true when captcha is off, or the token was verified by `verify` and
   * not yet redeemed, or it is a fresh valid solution. Either way the token cannot be used again.
   */
  redeem(token: string | undefined, ip?: string): Promise<boolean>;
}

/** One captcha provider's view of a token: what makes it single-use, and how to check it. */
export interface TokenReader {
  /** Null when the token cannot be one of this provider's at all. */
  read(token: string, ip?: string): TokenClaim | null;
}

interface TokenClaim {
  /** Unique per solved captcha; its SHA-256 is the row in captcha_tokens. */
  id: string;
  /** Until when the solution stays valid, or null when it is not a valid solution. */
  check(): Promise<Date | null>;
}
