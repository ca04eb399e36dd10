import { and, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long a session lives (decision 005): it ends after `idleMs` without a request, and `maxMs`
 * after sign-in however active. Remember Me is for a person's own device, so it lasts longer.
 */
export const SESSION_LIMITS = {
  standard: { idleMs: 2 * HOUR_MS, maxMs: 12 * HOUR_MS },
  remembered: { idleMs: 30 * DAY_MS, maxMs: 90 * DAY_MS },
} as const;

const limitsFor = (rememberMe: boolean) => (rememberMe ? SESSION_LIMITS.remembered : SESSION_LIMITS.standard);

/** The only algorithm a session token may use; jose then refuses `none` and every asymmetric one. */
const ALGORITHM = 'HS256';

/** How stale last_seen_at may get before a request writes it again. */
const TOUCH_AFTER_MS = 60_000;

export interface SessionClaims {
  sub: string;
  sid: string;
  roles: string[];
  email: string;
}

const key = (secret: string) => new TextEncoder().encode(secret);

export async function openSession(
  db: Executor,
  secret: string,
  user: { id: string; email: string; roles: string[] },
  options: { rememberMe: boolean; ip?: string; userAgent?: string },
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + limitsFor(options.rememberMe).maxMs);
  const [row] = await db
    .insert(sessions)
    .values({
      userId: user.id,
      rememberMe: options.rememberMe,
      lastSeenAt: now,
      expiresAt,
      ip: options.ip ?? null,
      userAgent: options.userAgent?.slice(0, 500) ?? null,
    })
    .returning({ id: sessions.id });
  const sessionId = row!.id;
  const token = await new SignJWT({ sid: sessionId, roles: user.roles, email: user.email })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(user.id)
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(key(secret));
  return { token, sessionId, expiresAt };
}

/** The claims of a token we signed ourselves, or null: wrong signature or algorithm, expired, or lacking a claim. */
export async function readToken(secret: string, token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: [ALGORITHM], requiredClaims: ['exp', 'iat', 'sub', 'sid'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return {
      sub: payload.sub,
      sid: payload.sid,
      roles: Array.isArray(payload.roles) ? payload.roles.map(String) : [],
      email: typeof payload.email === 'string' ? payload.email : '',
    };
  } catch {
    return null;
  }
}

/**
 * A live session: not revoked, not past its absolute limit, its user not disabled. Times come from
 * this process's clock, not the database's, so that every instance and every test agrees on "now".
 */
const isLive = (claims: SessionClaims, now: Date) =>
  and(eq(sessions.id, claims.sid), eq(sessions.userId, claims.sub), isNull(sessions.revokedAt), isNull(users.disabledAt), gt(sessions.expiresAt, now));

const sessionFields = { sessionId: sessions.id, rememberMe: sessions.rememberMe, lastSeenAt: sessions.lastSeenAt };
/** What every request's check reads of the user: no health data, nothing to decrypt. */
const sessionUser = { id: users.id, email: users.email, roles: users.roles, verified: users.verified };

/** The row, unless the session sat idle past its limit; marks it as seen (at most once a minute). */
async function keptAlive<Row extends { sessionId: string; rememberMe: boolean; lastSeenAt: Date }>(db: Executor, row: Row | undefined, now: Date) {
  if (!row) return null;
  const idleMs = now.getTime() - row.lastSeenAt.getTime();
  if (idleMs > limitsFor(row.rememberMe).idleMs) return null;
  if (idleMs > TOUCH_AFTER_MS) await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  return row;
}

/** The live session behind a token, with the little of its user that authorisation needs. */
export async function findLiveSession(db: Executor, claims: SessionClaims) {
  const now = new Date();
  const [row] = await db.select({ ...sessionFields, user: sessionUser }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(isLive(claims, now));
  return keptAlive(db, row, now);
}

/** The same, with the user's whole row read in the same query, for the routes that show the profile. */
export async function findLiveSessionWithProfile(db: Executor, claims: SessionClaims) {
  const now = new Date();
  const [row] = await db.select({ ...sessionFields, user: users }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(isLive(claims, now));
  return keptAlive(db, row, now);
}

export async function revokeSession(db: Executor, sessionId: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, or every one but `keep`. */
export async function revokeUserSessions(db: Executor, userId: string, keep?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined));
}

/** Deletes sessions past their lifetime, and sessions revoked before `revokedBefore`; returns how many. */
export async function deleteStaleSessions(db: Executor, now: Date, revokedBefore: Date): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.revokedAt, revokedBefore)))
    .returning({ id: sessions.id });
  return rows.length;
}
