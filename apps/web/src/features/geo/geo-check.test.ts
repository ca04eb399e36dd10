import { describe, expect, it } from 'vitest';
import { geoStatusOf } from './geo-check';

describe('the country check answer', () => {
  it("follows the server's allowed flag", () => {
    expect(geoStatusOf({ country: 'US', state: 'Ohio', allowed: true })).toEqual({ status: 'allowed', country: 'US', state: 'Ohio' });
    expect(geoStatusOf({ country: 'FR', state: null, allowed: false })).toEqual({ status: 'blocked', country: 'FR', state: null });
  });

  it('falls back to the country: US or USA lead in, others are blocked, none lets in', () => {
    expect(geoStatusOf({ country: 'USA' }).status).toBe('allowed');
    expect(geoStatusOf({ country: 'us' }).status).toBe('allowed');
    expect(geoStatusOf({ country: 'CA' }).status).toBe('blocked');
    expect(geoStatusOf({}).status).toBe('allowed');
    expect(geoStatusOf(null).status).toBe('allowed');
  });
});
