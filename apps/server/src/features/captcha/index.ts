import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { CaptchaService } from './service';

// PLACEHOLDER until the captcha helper lands: only CAPTCHA=off works.
export function createCaptchaService(deps: { config: Config; db: Database }): CaptchaService {
  return {
    mode: deps.config.captcha.mode,
    verify: async () => deps.config.captcha.mode === 'off',
    redeem: async () => deps.config.captcha.mode === 'off',
  };
}
