import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * A key of its own for one purpose, derived from the server's secret with HKDF-SHA256 under a label:
 * every instance derives the same key, and what one purpose signs never verifies for another.
 */
export const deriveKey = (secret: string, label: string) => Buffer.from(hkdfSync('sha256', secret, '', label, 32));

export interface Signer {
  /** An HMAC-SHA256 of the text, base64url. */
  sign(text: string): string;
  /** Whether the signature is the text's, compared in constant time. */
  verify(text: string, signature: string): boolean;
}

/** Signs and checks short texts (an address's parts and its expiry) under the key derived for `label`. */
export function signer(secret: string, label: string): Signer {
  const key = deriveKey(secret, label);
  const sign = (text: string) => createHmac('sha256', key).update(text).digest('base64url');
  return {
    sign,
    verify(text, signature) {
      const expected = Buffer.from(sign(text));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
