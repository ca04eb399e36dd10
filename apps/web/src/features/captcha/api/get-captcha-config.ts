import { apiRequest } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

export type CaptchaMode = 'altcha' | 'recaptcha' | 'off';

export interface CaptchaConfig {
  mode: CaptchaMode;
  /** reCAPTCHA only. */
  siteKey?: string;
}

/** GET /api/captcha/config → {mode, siteKey?}. */
const getCaptchaConfig = (signal?: AbortSignal) => apiRequest<CaptchaConfig>('/api/captcha/config', { signal, quiet: true });

export const useCaptchaConfig = () => useQuery('captcha-config', getCaptchaConfig);
