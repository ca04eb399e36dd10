import { toStoredUser } from '@app/shared';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../../test/helpers';
import { AUTH_CHANGED_EVENT, clearSessionLocally, readRememberedEmail, readSession, storeLogin, useSession } from './session';

const PASSWORD = 'Sup3r$ecretPass';
const profile = {
  id: 'u1',
  email: 'pat@example.com',
  firstName: 'Pat',
  lastName: 'Lee',
  verified: true,
  emailVerificationStat: 'verified' as const,
  subscriptionPlan: 'familyMonthly' as const,
  planId: 'familyMonthly' as const,
};

function everythingStored() {
  const dump: string[] = [];
  for (const storage of [window.localStorage, window.sessionStorage]) {
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i)!;
      dump.push(`${key}=${storage.getItem(key)}`);
    }
  }
  return dump.join('\n');
}

describe('storing a sign-in', () => {
  it('with Remember Me: user and token in localStorage, session copies removed, e-mail remembered', () => {
    window.sessionStorage.setItem('authUser', '{"email":"old@example.com"}');
    window.sessionStorage.setItem('authToken', 'old');
    const token = 'token';
    storeLogin({ user: toStoredUser(profile), token, rememberMe: true, email: profile.email });

    expect(window.localStorage.getItem('authToken')).toBe(token);
    expect(JSON.parse(window.localStorage.getItem('authUser')!)).toMatchObject({ email: profile.email, firstName: 'Pat' });
    expect(window.sessionStorage.getItem('authUser')).toBeNull();
    expect(window.sessionStorage.getItem('authToken')).toBeNull();
    expect(readRememberedEmail()).toBe(profile.email);
    expect(window.sessionStorage.getItem('justLoggedIn')).toBe('1');
    expect(readSession()).toMatchObject({ signedIn: true, persistent: true, isAdmin: false, verified: true });
  });

  it('without Remember Me: sessionStorage only, persistent copies and the remembered e-mail removed', () => {
    window.localStorage.setItem('authUser', '{"email":"old@example.com"}');
    window.localStorage.setItem('authToken', 'old');
    window.localStorage.setItem('rememberedEmail', 'old@example.com');
    storeLogin({ user: toStoredUser(profile), token: 't', rememberMe: false, email: profile.email });

    expect(window.sessionStorage.getItem('authToken')).toBe('t');
    expect(window.localStorage.getItem('authUser')).toBeNull();
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(readRememberedEmail()).toBeNull();
    expect(readSession()).toMatchObject({ signedIn: true, persistent: false });
  });

  it('never stores the password, whatever the profile carries', () => {
    const withPassword = { ...profile, password: PASSWORD } as typeof profile;
    storeLogin({ user: toStoredUser(withPassword), token: 't', rememberMe: true, email: profile.email });
    expect(everythingStored()).not.toContain(PASSWORD);
    expect(everythingStored()).toContain(profile.email);
  });

  it('fires auth-changed', () => {
    const listener = vi.fn();
    window.addEventListener(AUTH_CHANGED_EVENT, listener);
    storeLogin({ user: toStoredUser(profile), token: 't', rememberMe: false, email: profile.email });
    clearSessionLocally();
    window.removeEventListener(AUTH_CHANGED_EVENT, listener);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("reads admin from the stored user's roles, never from the token's claims or the logginAdminUser flag", () => {
    window.sessionStorage.setItem('logginAdminUser', '1');
    window.sessionStorage.setItem('authUser', JSON.stringify({ email: 'a@example.com', roles: ['user'] }));
    window.sessionStorage.setItem('authToken', fakeJwt({ roles: ['ROLE_ADMIN'] }));
    expect(readSession()).toMatchObject({ roles: ['user'], isAdmin: false });
    storeLogin({ user: toStoredUser({ ...profile, roles: ['ROLE_ADMIN'] }), token: 't', rememberMe: false, email: profile.email });
    expect(readSession()).toMatchObject({ roles: ['ROLE_ADMIN'], isAdmin: true });
  });

  it('reads no roles from a session stored without them, or from roles that are not a list of names', () => {
    window.sessionStorage.setItem('authUser', JSON.stringify({ email: 'a@example.com' }));
    window.sessionStorage.setItem('authToken', 't');
    expect(readSession()).toMatchObject({ signedIn: true, roles: [], isAdmin: false });
    window.sessionStorage.setItem('authUser', JSON.stringify({ email: 'a@example.com', roles: 'ROLE_ADMIN' }));
    expect(readSession()).toMatchObject({ roles: [], isAdmin: false });
    window.sessionStorage.setItem('authUser', JSON.stringify({ email: 'a@example.com', roles: [{ name: 'ROLE_ADMIN' }, 'user'] }));
    expect(readSession()).toMatchObject({ roles: ['user'], isAdmin: false });
  });

  it('counts a stored user with only an e-mail or a token as signed in', () => {
    expect(readSession().signedIn).toBe(false);
    window.localStorage.setItem('authUser', JSON.stringify({ accessToken: 'abc' }));
    expect(readSession().signedIn).toBe(true);
    window.localStorage.setItem('authUser', JSON.stringify({ firstName: 'No way to sign in' }));
    expect(readSession().signedIn).toBe(false);
  });

  it('reads verification from the text fields too', () => {
    window.localStorage.setItem('authUser', JSON.stringify({ email: 'a@b.co', emailVerificationStat: 'pending' }));
    expect(readSession().verified).toBe(false);
  });
});

describe('signing out locally', () => {
  it('clears both storages but keeps the remembered e-mail', () => {
    storeLogin({ user: toStoredUser(profile), token: 't', rememberMe: true, email: profile.email });
    window.sessionStorage.setItem('selectedPlan', 'familyMonthly');
    clearSessionLocally();
    expect(window.localStorage.getItem('authUser')).toBeNull();
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
    expect(readRememberedEmail()).toBe(profile.email);
    expect(readSession().signedIn).toBe(false);
  });
});

describe('useSession', () => {
  it('refreshes on auth-changed and on storage events for authUser/authToken', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current.signedIn).toBe(false);

    act(() => storeLogin({ user: toStoredUser(profile), token: 't', rememberMe: false, email: profile.email }));
    expect(result.current.signedIn).toBe(true);

    // Another tab signs out: only the storage event tells us.
    act(() => {
      window.sessionStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: 'authUser' }));
    });
    expect(result.current.signedIn).toBe(false);
  });
});
