import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPhiKeyring, parsePhiKey, PhiKeyError, sealedKeyId } from './phi-cipher';

const key = () => randomBytes(32);

describe('health-data cipher (AES-256-GCM)', () => {
  it('seals to the versioned format and opens back, Unicode included', () => {
    const ring = createPhiKeyring(key());
    const sealed = ring.seal('Fièvre, 39 °C — since Monday');
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]{11}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$/);
    expect(sealedKeyId(sealed)).toBe(ring.currentKeyId);
    expect(sealed).not.toContain('Fièvre');
    expect(ring.open(sealed)).toBe('Fièvre, 39 °C — since Monday');
    expect(ring.open(ring.seal(''))).toBe('');
  });

  it('uses a fresh IV for every value, so equal values never look equal', () => {
    const ring = createPhiKeyring(key());
    const sealed = Array.from({ length: 200 }, () => ring.seal('1985-04-12'));
    expect(new Set(sealed.map((s) => s.split(':')[2])).size).toBe(200);
    expect(new Set(sealed).size).toBe(200);
  });

  it('refuses a value whose ciphertext, tag or IV was altered', () => {
    const ring = createPhiKeyring(key());
    const sealed = ring.seal('Sore throat');
    const [v, id, iv, body] = sealed.split(':') as [string, string, string, string];
    const flip = (text: string, at: number) => {
      const bytes = Buffer.from(text, 'base64url');
      bytes[at]! ^= 1;
      return bytes.toString('base64url');
    };
    const bodyLength = Buffer.from(body, 'base64url').length;
    for (const tampered of [
      [v, id, iv, flip(body, 0)],
      [v, id, iv, flip(body, bodyLength - 1)],
      [v, id, flip(iv, 0), body],
      [v, id, iv, body.slice(0, 4)],
    ]) {
      expect(() => ring.open(tampered.join(':'))).toThrow(PhiKeyError);
    }
  });

  it('opens values sealed under an older key, seals under the current one, and names a missing key', () => {
    const oldKey = key();
    const old = createPhiKeyring(oldKey);
    const rotated = createPhiKeyring(key(), [oldKey]);
    const sealedOld = old.seal('314-555-0100');
    expect(rotated.open(sealedOld)).toBe('314-555-0100');
    expect(sealedKeyId(rotated.seal('x'))).toBe(rotated.currentKeyId);
    expect(rotated.keyIds).toEqual([rotated.currentKeyId, old.currentKeyId]);
    expect(() => createPhiKeyring(key()).open(sealedOld)).toThrow(new RegExp(`no key with id ${old.currentKeyId}`));
    expect(() => old.open('plain text')).toThrow(PhiKeyError);
  });

  it('reads 32-byte keys as hex or base64 and refuses any other length', () => {
    const raw = key();
    expect(parsePhiKey(raw.toString('hex'))).toEqual(raw);
    expect(parsePhiKey(raw.toString('base64'))).toEqual(raw);
    expect(parsePhiKey(` ${raw.toString('base64url')}\n`)).toEqual(raw);
    expect(() => parsePhiKey(randomBytes(16).toString('hex'))).toThrow(/32 bytes/);
    expect(() => parsePhiKey('not a key')).toThrow(/32 bytes/);
  });
});
