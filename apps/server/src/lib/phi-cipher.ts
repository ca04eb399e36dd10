import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for health data at rest. A sealed value reads `v1:<keyId>:<iv>:<ciphertext+tag>`
 * (base64url parts), so a value names the key that opens it and old keys keep working during a
 * rotation.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class PhiKeyError extends Error {}

/** A key's id: a short digest of the key, so a wrong key is recognised before any decryption. */
const keyIdOf = (key: Buffer) => createHash('sha256').update('phi-key-id:').update(key).digest('base64url').slice(0, 11);

/** Reads a 32-byte key written as 64 hex characters or as base64; throws with the reason otherwise. */
export function parsePhiKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new PhiKeyError('must be 32 bytes, written as 64 hex characters or as base64');
  return key;
}

export interface PhiKeyring {
  /** The id of the key new values are sealed with. */
  readonly currentKeyId: string;
  /** The ids of every key it can open values with. */
  readonly keyIds: string[];
  seal(plain: string): string;
  open(sealed: string): string;
  /**
   * A keyed hash of a value, `<keyId>:<HMAC-SHA256>`, to find rows by a sealed value without opening
   * each one: equal values give equal hashes under one key, and nothing without the key can test a guess.
   */
  lookupHash(value: string): string;
}

/** A sealed value's key id, IV and body (still base64url), or null when the value is not sealed. */
function sealedParts(value: string): [keyId: string, iv: string, body: string] | null {
  const parts = value.split(':');
  return parts.length === 4 && parts[0] === VERSION ? [parts[1]!, parts[2]!, parts[3]!] : null;
}

/** The key id a sealed value names, or null when the value is not sealed (plain text from before encryption). */
export const sealedKeyId = (value: string): string | null => sealedParts(value)?.[0] ?? null;

export function createPhiKeyring(current: Buffer, older: Buffer[] = []): PhiKeyring {
  const keys = new Map<string, Buffer>();
  for (const key of [current, ...older]) keys.set(keyIdOf(key), key);
  const currentKeyId = keyIdOf(current);
  // A key of its own for the hashes, derived from the current one: no value is ever both sealed and hashed under one key.
  const lookupKey = Buffer.from(hkdfSync('sha256', current, '', 'phi-lookup-hash', 32));
  return {
    currentKeyId,
    lookupHash: (value) => `${currentKeyId}:${createHmac('sha256', lookupKey).update(value).digest('base64url')}`,
    keyIds: [...keys.keys()],
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return [VERSION, currentKeyId, iv.toString('base64url'), body.toString('base64url')].join(':');
    },
    open(sealed) {
      // Split once: a profile opens nine of these per read.
      const parts = sealedParts(sealed);
      if (parts === null) throw new PhiKeyError('value is not sealed health data');
      const [keyId, ivText, bodyText] = parts;
      const key = keys.get(keyId);
      if (!key) throw new PhiKeyError(`no key with id ${keyId} in PHI_KEY or PHI_OLD_KEYS`);
      const iv = Buffer.from(ivText, 'base64url');
      const body = Buffer.from(bodyText, 'base64url');
      if (iv.length !== IV_BYTES || body.length < TAG_BYTES) throw new PhiKeyError('sealed value is malformed');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      try {
        return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        // GCM's tag check failed: the value was altered, or sealed under another key with the same id.
        throw new PhiKeyError(`sealed value under key ${keyId} failed its integrity check`);
      }
    },
  };
}
