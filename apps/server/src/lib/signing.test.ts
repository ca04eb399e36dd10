import { describe, expect, it } from 'vitest';
import { deriveKey, signer } from './signing';

describe('signing', () => {
  it('derives one key per label, the same on every instance', () => {
    expect(deriveKey('server secret', 'a')).toEqual(deriveKey('server secret', 'a'));
    expect(deriveKey('server secret', 'a')).not.toEqual(deriveKey('server secret', 'b'));
    expect(deriveKey('other secret', 'a')).not.toEqual(deriveKey('server secret', 'a'));
  });

  it('verifies its own signature only, for the same text under the same label', () => {
    const uploads = signer('server secret', 'uploads');
    const signature = uploads.sign('key.1700000000');
    expect(uploads.verify('key.1700000000', signature)).toBe(true);
    expect(uploads.verify('key.1700000001', signature)).toBe(false);
    expect(signer('server secret', 'downloads').verify('key.1700000000', signature)).toBe(false);
    expect(uploads.verify('key.1700000000', signature.slice(1))).toBe(false);
    expect(uploads.verify('key.1700000000', '')).toBe(false);
  });
});
