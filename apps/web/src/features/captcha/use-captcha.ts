import { useCallback, useEffect, useState } from 'react';
import { removeItem, storageKeys, writeItem } from '../../lib/storage';
import { useCaptchaConfig, type CaptchaMode } from './api/get-captcha-config';

export interface CaptchaController {
  /** 'error' when the configuration could not be read: the server decides then. */
  status: 'loading' | 'ready' | 'error';
  mode: CaptchaMode | null;
  siteKey: string | undefined;
  /** A token must be produced before submitting (mode altcha or recaptcha). */
  required: boolean;
  token: string | null;
  setToken: (token: string | null) => void;
  /** A fresh widget and no token: after a token was spent on a failed attempt. */
  reset: () => void;
  /** Changes on reset; the widget is keyed on it. */
  instance: number;
}

/**
 * The captcha state of a form. With `persist`, the solved token is also kept in sessionStorage
 * under captchaToken (sign-up reads it from there).
 */
export function useCaptcha(options: { persist?: boolean } = {}): CaptchaController {
  const { persist = false } = options;
  const config = useCaptchaConfig();
  const [token, setTokenState] = useState<string | null>(null);
  const [instance, setInstance] = useState(0);

  const setToken = useCallback(
    (next: string | null) => {
      setTokenState(next);
      if (!persist) return;
      if (next) writeItem('session', storageKeys.captchaToken, next);
      else removeItem('session', storageKeys.captchaToken);
    },
    [persist],
  );

  // A token left from an earlier page view is stale: this page starts with a fresh check.
  useEffect(() => {
    if (persist) removeItem('session', storageKeys.captchaToken);
  }, [persist]);

  const reset = useCallback(() => {
    setToken(null);
    setInstance((n) => n + 1);
  }, [setToken]);

  const mode = config.status === 'success' ? config.data.mode : null;
  return {
    status: config.status === 'success' ? 'ready' : config.status === 'pending' ? 'loading' : 'error',
    mode,
    siteKey: config.status === 'success' ? config.data.siteKey : undefined,
    required: mode === 'altcha' || mode === 'recaptcha',
    token,
    setToken,
    reset,
    instance,
  };
}
