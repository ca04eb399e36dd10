import { messages } from '@app/shared';
import { z } from 'zod';
import { DomainError } from '../../lib/errors';
import { SOLUTION_TTL_MS, type TokenReader } from './service';

const siteverifyAnswer = z.object({ success: z.boolean(), score: z.number().optional(), action: z.string().optional() });

const MIN_SCORE = 0.5;

/**
 * Google reCAPTCHA, checked with its siteverify call. A failed call answers 503 (an outage is not the
 * visitor's fault); a "no" from Google resolves to null.
 */
export function recaptchaCaptcha(options: { secret: string; verifyUrl: string }): TokenReader {
  return {
    read: (token, ip) => ({
      id: `recaptcha:${token}`,
      async check() {
        const form = new URLSearchParams({ secret: options.secret, response: token });
        if (ip) form.set('remoteip', ip);
        let answer: z.infer<typeof siteverifyAnswer>;
        try {
          const response = await fetch(options.verifyUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(10_000) });
          if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
          answer = siteverifyAnswer.parse(await response.json());
        } catch {
          throw new DomainError('upstream-unavailable', messages.captchaCallError);
        }
        // v3 answers carry the action and a score; v2 answers carry neither.
        const passed = answer.success && (answer.action ?? 'login') === 'login' && (answer.score ?? 1) >= MIN_SCORE;
        return passed ? new Date(Date.now() + SOLUTION_TTL_MS) : null;
      },
    }),
  };
}
