import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** The only algorithm a session token may use; jose then refuses `none` and every asymmetric one. */
const ALGORITHM = 'HS256';

export interface SessionClaims {
  sub: string;
  sid: string;
  roles: string[];
  email: string;
}

// Imported once per secret: jose would import a raw key again on every call (the most costly part of a check).
const keys = new Map<string, Promise<webcrypto.CryptoKey>>();
function key(secret: string): Promise<webcrypto.CryptoKey> {
  let imported = keys.get(secret);
  if (!imported) {
    imported = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keys.set(secret, imported);
  }
  return imported;
}

/**
 * Tokens whose signature was checked, with their claims. A token's signature never changes, so each
 * is checked once; its expiry is checked on every use, and the session behind it is looked up on
 * every request (revocation stays immediate). Bounded: the oldest entry leaves first.
 */
const VERIFIED_TOKENS_MAX = 10_000;
const verifiedTokens = new Map<string, { secret: string; claims: Readonly<SessionClaims>; expiresAtMs: number }>();

/** The claims of a token we signed ourselves, or null: wrong signature or algorithm, expired, or lacking a claim. */
export async function readToken(secret: string, token: string): Promise<Readonly<SessionClaims> | null> {
  const known = verifiedTokens.get(token);
  if (known?.secret === secret) {
    if (Date.now() < known.expiresAtMs) return known.claims;
    verifiedTokens.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, await key(secret), {
      algorithms: [ALGORITHM],
      requiredClaims: ['exp', 'iat', 'sub', 'sid'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    const claims = Object.freeze({
      sub: payload.sub,
      sid: payload.sid,
      roles: Object.freeze(Array.isArray(payload.roles) ? payload.roles.map(String) : []) as string[],
      email: typeof payload.email === 'string' ? payload.email : '',
    });
    if (verifiedTokens.size >= VERIFIED_TOKENS_MAX) verifiedTokens.delete(verifiedTokens.keys().next().value!);
    verifiedTokens.set(token, { secret, claims, expiresAtMs: payload.exp! * 1000 });
    return claims;
  } catch {
    return null;
  }
}

/** A signed token naming the session and its user, valid until the session's absolute end. */
export async function signSessionToken(
  secret: string,
  user: { id: string; email: string; roles: string[] },
  session: { sessionId: string; expiresAt: Date },
  issuedAt: Date,
): Promise<string> {
  return new SignJWT({ sid: session.sessionId, roles: user.roles, email: user.email })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(user.id)
    .setIssuedAt(issuedAt)
    .setExpirationTime(session.expiresAt)
    .sign(await key(secret));
}
