import { isAdminRole, isClinicianRole, readVerification, type StoredUser } from '@app/shared';
import { useSyncExternalStore } from 'react';
import { clearArea, readItem, readJson, removeItem, storageKeys, writeItem, type StorageKind } from '../../lib/storage';

export const AUTH_CHANGED_EVENT = 'auth-changed';

export interface Session {
  user: StoredUser | null;
  token: string | null;
  /** A stored user holding a token, an access token or an e-mail (docs/product.md, Membership). */
  signedIn: boolean;
  roles: string[];
  /** From the stored user's roles only: the logginAdminUser flag alone grants nothing (the server checks roles itself, decision 005). */
  isAdmin: boolean;
  /** From the stored user's roles, like isAdmin: the clinic's own API checks the role itself. */
  isClinician: boolean;
  /** null when the stored user says nothing about verification. */
  verified: boolean | null;
  /** Kept in localStorage (Remember Me). */
  persistent: boolean;
}

export function notifyAuthChanged() {
  window.dispatchEvent(new Event(AUTH_CHANGED_EVENT));
}

/** A stored user's roles; none when storage holds something else (a session stored before roles were kept has none). */
const rolesOf = (user: StoredUser | null): string[] =>
  Array.isArray(user?.roles) ? user.roles.filter((role): role is string => typeof role === 'string') : [];

/** Where a signed-in user starts: the admin dashboard, the clinic for a clinician, or the profile. */
export function homePathOf(user: StoredUser | null): '/admin' | '/clinic' | '/profile' {
  const roles = rolesOf(user);
  if (roles.some(isAdminRole)) return '/admin';
  return roles.some(isClinicianRole) ? '/clinic' : '/profile';
}

const other = (kind: StorageKind): StorageKind => (kind === 'local' ? 'session' : 'local');

/**
 * Stores a signed-in session. With Remember Me it goes to localStorage and session copies are
 * removed; without, to sessionStorage and persistent copies are removed.
 */
export function saveSession(input: { user: StoredUser; token: string; rememberMe: boolean }) {
  const target: StorageKind = input.rememberMe ? 'local' : 'session';
  writeItem(target, storageKeys.authUser, JSON.stringify(input.user));
  writeItem(target, storageKeys.authToken, input.token);
  removeItem(other(target), storageKeys.authUser);
  removeItem(other(target), storageKeys.authToken);
  const plan = input.user.planId ?? input.user.subscriptionPlan;
  if (plan) writeItem(target, storageKeys.lastPlan, plan);
}

/** Remember Me keeps the e-mail only (a deliberate departure: never the password). */
export function rememberEmail(email: string | null) {
  if (email) writeItem('local', storageKeys.rememberedEmail, email);
  else removeItem('local', storageKeys.rememberedEmail);
}

export const readRememberedEmail = () => readItem('local', storageKeys.rememberedEmail);

/** A successful sign-in: store the session, remember (or forget) the e-mail, tell the app. */
export function storeLogin(input: { user: StoredUser; token: string; rememberMe: boolean; email: string }) {
  saveSession(input);
  rememberEmail(input.rememberMe ? input.email : null);
  writeItem('session', storageKeys.justLoggedIn, '1');
  notifyAuthChanged();
}

/** Updates the stored user in place (same storage), e.g. after the profile loads. */
export function updateStoredUser(patch: Partial<StoredUser>) {
  for (const kind of ['session', 'local'] as const) {
    const user = readJson<StoredUser>(kind, storageKeys.authUser);
    if (!user) continue;
    writeItem(kind, storageKeys.authUser, JSON.stringify({ ...user, ...patch }));
    notifyAuthChanged();
    return;
  }
}

/** The server refused the account an admin call: the stored roles that led there are out of date, and would lead back. */
export function dropAdminRoles() {
  updateStoredUser({ roles: rolesOf(readStored().user).filter((role) => !isAdminRole(role)) });
}

/**
 * Forgets the session on this device: clears local and session storage, keeping only the
 * remembered e-mail (Remember Me's whole point), and tells the app.
 */
export function clearSessionLocally() {
  const remembered = readRememberedEmail();
  clearArea('local');
  clearArea('session');
  if (remembered) rememberEmail(remembered);
  notifyAuthChanged();
}

/* ---------- reading the session ---------- */

function readStored(): { user: StoredUser | null; token: string | null; persistent: boolean } {
  for (const kind of ['session', 'local'] as const) {
    const user = readJson<StoredUser>(kind, storageKeys.authUser);
    const token = readItem(kind, storageKeys.authToken);
    if (user || token) {
      const validUser = user && typeof user === 'object' && !Array.isArray(user) ? user : null;
      return {
        user: validUser,
        token: token ?? validUser?.token ?? validUser?.accessToken ?? null,
        persistent: kind === 'local',
      };
    }
  }
  return { user: null, token: null, persistent: false };
}

export function readSession(): Session {
  const { user, token, persistent } = readStored();
  const roles = rolesOf(user);
  const signedIn = !!user && !!(user.token || user.accessToken || user.email || token);
  return {
    user,
    token,
    signedIn,
    roles,
    isAdmin: signedIn && roles.some(isAdminRole),
    isClinician: signedIn && roles.some(isClinicianRole),
    verified: user ? readVerification(user as Record<string, unknown>) : null,
    persistent,
  };
}

const signedOut: Session = {
  user: null,
  token: null,
  signedIn: false,
  roles: [],
  isAdmin: false,
  isClinician: false,
  verified: null,
  persistent: false,
};
let cachedKey: string | null = null;
let cachedSession: Session = signedOut;

function readSessionSafe(): Session {
  try {
    return readSession();
  } catch {
    return signedOut;
  }
}

function snapshotKey() {
  return [
    readItem('session', storageKeys.authUser),
    readItem('session', storageKeys.authToken),
    readItem('local', storageKeys.authUser),
    readItem('local', storageKeys.authToken),
  ].join('\u0000');
}

function getSnapshot(): Session {
  const key = snapshotKey();
  if (key !== cachedKey) {
    cachedKey = key;
    cachedSession = readSessionSafe();
  }
  return cachedSession;
}

function subscribe(listener: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === storageKeys.authUser || event.key === storageKeys.authToken) listener();
  };
  window.addEventListener(AUTH_CHANGED_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(AUTH_CHANGED_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Prerendered HTML is signed out: hydration starts from that, then re-renders with the stored session. */
const getServerSnapshot = (): Session => signedOut;

/** The current session; re-renders on auth-changed and on storage changes to authUser or authToken. */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

/** Where 'Start a Visit' and similar calls to action lead: a visit request when signed in, else sign-up (decision 056). */
export function useStartVisitPath(): '/visits/new' | '/consult' {
  return useSession().signedIn ? '/visits/new' : '/consult';
}

/* ---------- messages carried to the sign-in page ---------- */

export type FlashTone = 'success' | 'info' | 'warning' | 'error';
export interface Flash {
  message: string;
  tone: FlashTone;
}

/** A message for the next visit of /login (after verification, reset, a guard). */
export function setLoginFlash(message: string, tone: FlashTone = 'success') {
  writeItem('session', storageKeys.loginFlash, JSON.stringify({ message, tone }));
}

/** The stored login flash or the stored signup message, without removing them. */
export function peekLoginFlash(): Flash | null {
  const signup = readItem('session', storageKeys.signupMessage);
  if (signup) return { message: signup, tone: 'success' };
  const stored = readJson<Flash>('session', storageKeys.loginFlash);
  if (stored && typeof stored.message === 'string' && stored.message) {
    return { message: stored.message, tone: stored.tone ?? 'success' };
  }
  return null;
}

export function clearLoginFlash() {
  removeItem('session', storageKeys.signupMessage);
  removeItem('session', storageKeys.loginFlash);
}

export const peekJustLoggedIn = () => readItem('session', storageKeys.justLoggedIn) === '1';
export const clearJustLoggedIn = () => removeItem('session', storageKeys.justLoggedIn);
