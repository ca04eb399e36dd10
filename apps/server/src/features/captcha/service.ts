/**
 * Captcha: a proof-of-work challenge (ALTCHA, self-hosted) by default, Google reCAPTCHA when
 * configured, or none. Each solved token works once.
 */
export interface CaptchaService {
  readonly mode: 'altcha' | 'recaptcha' | 'off';
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
