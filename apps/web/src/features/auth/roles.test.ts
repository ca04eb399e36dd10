import { describe, expect, it } from 'vitest';
import { fakeJwt } from '../../test/helpers';
import { decodeJwtPayload, isAdminToken, rolesFromToken } from './roles';

describe('roles from the token', () => {
  it.each([
    [{ roles: ['ROLE_ADMIN'] }, true],
    [{ roles: ['user', 'ADMIN'] }, true],
    [{ authorities: [{ authority: 'role_admin' }] }, true],
    [{ authorities: ['ROLE_USER'] }, false],
    [{ scope: 'openid profile admin' }, true],
    [{ scope: 'openid profile' }, false],
    [{ role: 'Admin' }, true],
    [{ role: 'patient' }, false],
    [{ roles: [] }, false],
    [{}, false],
  ])('%j → admin %s', (payload, admin) => {
    expect(isAdminToken(fakeJwt(payload))).toBe(admin);
  });

  it('reads every claim and removes duplicates', () => {
    expect(rolesFromToken(fakeJwt({ roles: ['a', 'b'], authorities: ['b'], scope: 'c', role: 'd' }))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('decodes base64url payloads with non-ASCII text', () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ name: 'José ✓' }));
    const payload = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(decodeJwtPayload(`h.${payload}.s`)).toEqual({ name: 'José ✓' });
  });

  it('treats garbage as no roles', () => {
    expect(decodeJwtPayload('not-a-token')).toBeNull();
    expect(decodeJwtPayload('a.!!!.c')).toBeNull();
    expect(rolesFromToken(null)).toEqual([]);
    expect(isAdminToken('a.b.c')).toBe(false);
  });
});
