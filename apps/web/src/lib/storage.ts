/**
 * The browser storage keys (docs/product.md, Data) and safe access to them. Storage can be unavailable (private
 * modes, blocked cookies), so every access is wrapped and degrades to "nothing stored".
 */
export const storageKeys = {
  authUser: 'authUser',
  authToken: 'authToken',
  selectedPlan: 'selectedPlan',
  captchaToken: 'captchaToken',
  signupMessage: 'signupMessage',
  adminLogin: 'logginAdminUser',
  rememberedEmail: 'rememberedEmail',
  justLoggedIn: 'justLoggedIn',
  loginFlash: 'loginFlash',
  profileCache: 'profileCache',
  lastPlan: 'lastSelectedPlan',
} as const;

export type StorageKind = 'local' | 'session';

function area(kind: StorageKind): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readItem(kind: StorageKind, key: string): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(kind: StorageKind, key: string, value: string): void {
  try {
    area(kind)?.setItem(key, value);
  } catch {
    // Full or blocked storage: the app keeps working for this page view.
  }
}

export function removeItem(kind: StorageKind, key: string): void {
  try {
    area(kind)?.removeItem(key);
  } catch {
    // ignore
  }
}

export function clearArea(kind: StorageKind): void {
  try {
    area(kind)?.clear();
  } catch {
    // ignore
  }
}

export function readJson<T>(kind: StorageKind, key: string): T | null {
  const raw = readItem(kind, key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/**
 * The bearer token for API calls: authToken, else the token or accessToken of the stored user.
 * Session storage wins over local storage, as a fresh sign-in without Remember Me lives there.
 */
export function readBearerToken(): string | null {
  for (const kind of ['session', 'local'] as const) {
    const token = readItem(kind, storageKeys.authToken);
    if (token) return token;
  }
  for (const kind of ['session', 'local'] as const) {
    const user = readJson<Record<string, unknown>>(kind, storageKeys.authUser);
    if (!user || typeof user !== 'object') continue;
    for (const field of ['token', 'accessToken']) {
      const value = user[field];
      if (typeof value === 'string' && value) return value;
    }
  }
  return null;
}
