let altcha: Promise<void> | null = null;

/** Loads the ALTCHA web component once, on first use. */
export function loadAltcha(): Promise<void> {
  altcha ??= import('./altcha-setup').then(
    () => undefined,
    (error: unknown) => {
      altcha = null;
      throw error;
    },
  );
  return altcha;
}

export const altchaSupported = () =>
  typeof window !== 'undefined' && 'customElements' in window && typeof Worker !== 'undefined' && !!window.crypto?.subtle;

export interface Grecaptcha {
  ready: (callback: () => void) => void;
  render: (
    container: HTMLElement,
    params: {
      sitekey: string;
      action?: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ) => number;
  reset: (id?: number) => void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const RECAPTCHA_SRC = 'https://www.google.com/recaptcha/api.js?render=explicit';
let recaptcha: Promise<Grecaptcha> | null = null;

/** Loads Google's reCAPTCHA script; only ever called when the server's mode is 'recaptcha'. */
export function loadRecaptcha(): Promise<Grecaptcha> {
  recaptcha ??= new Promise<Grecaptcha>((resolve, reject) => {
    const done = () => {
      const g = window.grecaptcha;
      if (g) g.ready(() => resolve(g));
      else reject(new Error('reCAPTCHA did not load'));
    };
    if (window.grecaptcha) return done();
    const script = document.createElement('script');
    script.src = RECAPTCHA_SRC;
    script.async = true;
    script.defer = true;
    script.onload = done;
    script.onerror = () => reject(new Error('reCAPTCHA did not load'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    recaptcha = null;
    throw error;
  });
  return recaptcha;
}
