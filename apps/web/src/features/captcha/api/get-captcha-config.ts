import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { captchaKeys } from './keys';

export type CaptchaMode = 'altcha' | 'recaptcha' | 'off';

export interface CaptchaConfig {
  mode: CaptchaMode;
  /** reCAPTCHA only. */
  siteKey?: string;
}

/** GET /api/captcha/config → {mode, siteKey?}. */
const getCaptchaConfig = (signal?: AbortSignal) => apiRequest<CaptchaConfig>('/api/captcha/config', { signal, quiet: true });

export const useCaptchaConfig = () => useQuery({ queryKey: captchaKeys.config, queryFn: ({ signal }) => getCaptchaConfig(signal) });
