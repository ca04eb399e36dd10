import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import { deriveKey as deriveServerKey } from '../../lib/signing';
import { SOLUTION_TTL_MS, type TokenReader } from './service';

// The widget's default algorithm, in deterministic mode: the browser counts up to a secret counter
// of 1,000 to 3,000 at 100 PBKDF2 rounds each, a fraction of a second split over its workers, and
// the server checks the answer with one HMAC.
const ALGORITHM = 'PBKDF2/SHA-256';
const COST = 100;
const COUNTER_MIN = 1_000;
const COUNTER_MAX = 3_000;

/** The parameters every challenge of ours has. */
const parameterFields = {
  algorithm: z.string(),
  nonce: z.string(),
  salt: z.string(),
  cost: z.number(),
  keyLength: z.number(),
  keyPrefix: z.string(),
};

/** GET /api/captcha/challenge: the challenge as the widget receives it (altcha-lib's Challenge). */
export const challengeSchema = z.object({
  parameters: z.object({
    ...parameterFields,
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});

/** The widget's payload, once decoded from base64. Parameters stay loose: all of them are signed. */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({ ...parameterFields, expiresAt: z.number() }),
    signature: z.string(),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string() }),
});

function decode(token: string) {
  try {
    return payloadSchema.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8'))).data ?? null;
  } catch {
    return null;
  }
}

/** Self-hosted proof of work: issues challenges for the altcha widget and checks its payloads. */
export function altchaCaptcha(jwtSecret: string): TokenReader & { createChallenge(): Promise<Challenge> } {
  // Derived from the one server secret, so that every instance signs and checks alike.
  const derive = (label: string) => deriveServerKey(jwtSecret, label).toString('hex');
  const hmacSignatureSecret = derive('altcha challenge signature');
  const hmacKeySignatureSecret = derive('altcha derived key signature');

  return {
    createChallenge: () =>
      createChallenge({
        algorithm: ALGORITHM,
        cost: COST,
        counter: randomInt(COUNTER_MAX, COUNTER_MIN),
        deriveKey,
        expiresAt: new Date(Date.now() + SOLUTION_TTL_MS),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }),
    read(token) {
      const payload = decode(token);
      if (!payload) return null;
      return {
        // The challenge is what works once, not the token's text: re-encoding a payload must not make it new.
        id: `altcha:${payload.challenge.parameters.nonce}`,
        async check() {
          const result = await verifySolution({
            challenge: payload.challenge,
            solution: payload.solution,
            deriveKey,
            hmacSignatureSecret,
            hmacKeySignatureSecret,
          });
          return result.verified ? new Date(payload.challenge.parameters.expiresAt * 1000) : null;
        },
      };
    },
  };
}
