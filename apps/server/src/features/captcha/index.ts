import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { sha256 } from '../../lib/crypto';
import { altchaCaptcha } from './altcha';
import { recaptchaCaptcha } from './recaptcha';
import { consumeVerifiedCaptchaToken, deleteCaptchaTokensExpiredBefore, recordCaptchaToken } from './repository';
import type { CaptchaService } from './service';

export type { CaptchaService } from './service';

// Rows outlive their solutions by an hour, so an instance whose clock runs a little behind cannot
// take a forgotten solution for a fresh one.
const FORGET_AFTER_MS = 60 * 60_000;
const PURGE_EVERY_MS = 10 * 60_000;

export function createCaptchaService(deps: { config: Config; db: Database }): CaptchaService {
  const { db } = deps;
  const { mode, recaptchaSecret, recaptchaVerifyUrl } = deps.config.captcha;
  const altcha = mode === 'altcha' ? altchaCaptcha(deps.config.jwtSecret) : null;
  // loadConfig requires the secret when the mode is recaptcha.
  const reader =
    altcha ?? (mode === 'recaptcha' ? recaptchaCaptcha({ secret: recaptchaSecret ?? '', verifyUrl: recaptchaVerifyUrl }) : null);
  let nextPurge = 0;

  async function remember(tokenHash: string, expiresAt: Date, consumed: boolean): Promise<boolean> {
    const fresh = await recordCaptchaToken(db, tokenHash, expiresAt, consumed);
    if (Date.now() >= nextPurge) {
      nextPurge = Date.now() + PURGE_EVERY_MS;
      await deleteCaptchaTokensExpiredBefore(db, new Date(Date.now() - FORGET_AFTER_MS));
    }
    return fresh;
  }

  return {
    mode,
    createChallenge: async () => (altcha ? altcha.createChallenge() : null),
    async verify(token, ip) {
      // With captcha off the answer is yes, so that the browser's flow goes on.
      if (!reader) return true;
      const claim = reader.read(token, ip);
      const expiresAt = claim ? await claim.check() : null;
      return claim !== null && expiresAt !== null && remember(sha256(claim.id), expiresAt, false);
    },
    async redeem(token, ip) {
      if (!reader) return true;
      const claim = token ? reader.read(token, ip) : null;
      if (!claim) return false;
      const tokenHash = sha256(claim.id);
      if (await consumeVerifiedCaptchaToken(db, tokenHash)) return true;
      // Not verified before (or already used, which the insert finds out): check it now and spend it.
      const expiresAt = await claim.check();
      return expiresAt !== null && remember(tokenHash, expiresAt, true);
    },
  };
}
