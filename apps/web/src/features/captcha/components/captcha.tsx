import type {} from 'altcha/types/react';
import { messages } from '@app/shared';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { CaptchaController } from '../use-captcha';
import { altchaSupported, loadAltcha, loadRecaptcha } from './loaders';
import './captcha.css';

const CHALLENGE_URL = '/api/captcha/challenge';

interface WidgetProps {
  onToken: (token: string | null) => void;
  onProblem: (message: string | null) => void;
}

function AltchaWidget({ onToken, onProblem }: WidgetProps) {
  const [loaded, setLoaded] = useState<'loading' | 'ready' | 'failed' | 'unsupported'>(() =>
    altchaSupported() ? 'loading' : 'unsupported',
  );
  const ref = useRef<HTMLElement>(null);
  const report = useEffectEvent((token: string | null, problem: string | null) => {
    onToken(token);
    onProblem(problem);
  });

  useEffect(() => {
    if (loaded !== 'loading') return;
    let active = true;
    loadAltcha().then(
      () => active && setLoaded('ready'),
      () => active && setLoaded('failed'),
    );
    return () => {
      active = false;
    };
  }, [loaded]);

  useEffect(() => {
    if (loaded === 'failed') report(null, messages.captchaInitFailed);
    if (loaded === 'unsupported') report(null, messages.captchaUnsupported);
    const element = ref.current;
    if (loaded !== 'ready' || !element) return;
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string }>).detail ?? {};
      if (detail.state === 'verified' && detail.payload) report(detail.payload, null);
      else if (detail.state === 'error' || detail.state === 'expired') report(null, messages.captchaIncomplete);
      else report(null, null);
    };
    element.addEventListener('statechange', onStateChange);
    return () => element.removeEventListener('statechange', onStateChange);
  }, [loaded]);

  if (loaded === 'loading') return <p className="captcha__loading muted">Loading security check…</p>;
  if (loaded !== 'ready') return null;
  return <altcha-widget ref={ref} challenge={CHALLENGE_URL} name="altcha" configuration={JSON.stringify({ hideFooter: true })} />;
}

function RecaptchaWidget({ siteKey, onToken, onProblem }: WidgetProps & { siteKey: string | undefined }) {
  const ref = useRef<HTMLDivElement>(null);
  const report = useEffectEvent((token: string | null, problem: string | null) => {
    onToken(token);
    onProblem(problem);
  });

  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    if (!siteKey) {
      report(null, messages.captchaInitFailed);
      return;
    }
    let active = true;
    loadRecaptcha().then(
      (grecaptcha) => {
        if (!active) return;
        const target = document.createElement('div');
        container.replaceChildren(target);
        grecaptcha.render(target, {
          sitekey: siteKey,
          action: 'login',
          callback: (token) => report(token, null),
          'expired-callback': () => report(null, messages.captchaIncomplete),
          'error-callback': () => report(null, messages.captchaInitFailed),
        });
      },
      () => active && report(null, messages.captchaInitFailed),
    );
    return () => {
      active = false;
      container.replaceChildren();
    };
  }, [siteKey]);

  return <div ref={ref} className="captcha__recaptcha" />;
}

export interface CaptchaProps {
  captcha: CaptchaController;
  /** A form-level error about the captcha, such as "please verify you are not a robot". */
  error?: string | null;
  id?: string;
}

/**
 * The captcha of a form, as the server configures it: ALTCHA proof-of-work (self-hosted),
 * Google reCAPTCHA, or nothing at all.
 */
export function Captcha({ captcha, error, id = 'captcha' }: CaptchaProps) {
  const [problem, setProblem] = useState<string | null>(null);
  if (captcha.status === 'loading') return null;
  if (captcha.status === 'error') {
    return (
      <p className="field__error" id={`${id}-error`}>
        {messages.captchaInitFailed}
      </p>
    );
  }
  if (!captcha.required) return null;

  const shown = error ?? problem;
  return (
    <div
      className="captcha field"
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
    >
      <span className="field__label" id={`${id}-label`}>
        Security check
      </span>
      <span className="field__hint" id={`${id}-hint`}>
        Confirm you are a person. The check runs on your device, with no tracking.
      </span>
      <div className="captcha__widget" data-mode={captcha.mode}>
        {captcha.mode === 'altcha' ? (
          <AltchaWidget key={captcha.instance} onToken={captcha.setToken} onProblem={setProblem} />
        ) : (
          <RecaptchaWidget key={captcha.instance} siteKey={captcha.siteKey} onToken={captcha.setToken} onProblem={setProblem} />
        )}
      </div>
      {shown && (
        <span className="field__error" id={`${id}-error`}>
          {shown}
        </span>
      )}
    </div>
  );
}
