import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema';

export const IDLE_TIMEOUT_MS = 30 * 60_000;
export const REMEMBER_ME_MS = 30 * 24 * 60 * 60_000;
/** Without Remember Me a session also ends 12 hours after sign-in, however active. */
export const SESSION_MAX_MS = 12 * 60 * 60_000;
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
  const expiresAt = new Date(Date.now() + (options.rememberMe ? REMEMBER_ME_MS : SESSION_MAX_MS));
  const [row] = await db
    .insert(sessions)
    .values({
      userId: user.id,
      rememberMe: options.rememberMe,
      expiresAt,
      ip: options.ip ?? null,
      userAgent: options.userAgent?.slice(0, 500) ?? null,
    })
    .returning({ id: sessions.id });
  const sessionId = row!.id;
  const token = await new SignJWT({ sid: sessionId, roles: user.roles, email: user.email })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(key(secret));
  return { token, sessionId, expiresAt };
}

export async function readToken(secret: string, token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return {
      sub: payload.sub,
      sid: payload.sid,
      roles: Array.isArray(payload.roles) ? payload.roles.map(String) : [],
      email: String(payload.email ?? ''),
    };
  } catch {
    return null;
  }
}

/**
 * The live session behind a token: not revoked, not expired, not idle too long (unless remembered),
 * and its user not disabled. Marks it as seen.
 */
export async function findLiveSession(db: Executor, claims: SessionClaims) {
  const [row] = await db
    .select({ sessionId: sessions.id, rememberMe: sessions.rememberMe, lastSeenAt: sessions.lastSeenAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, claims.sid),
        eq(sessions.userId, claims.sub),
        isNull(sessions.revokedAt),
        isNull(users.disabledAt),
        sql`${sessions.expiresAt} > now()`,
      ),
    );
  if (!row) return null;
  const idleMs = Date.now() - row.lastSeenAt.getTime();
  if (!row.rememberMe && idleMs > IDLE_TIMEOUT_MS) return null;
  if (idleMs > TOUCH_AFTER_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, row.sessionId));
  }
  return row;
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
