import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { profileColumns } from '../users';
import type { SessionClaims } from './session-tokens.service';

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

/** How stale last_seen_at may get before a request writes it again. */
const TOUCH_AFTER_MS = 60_000;

/** Records a new session of `user`; it ends at the absolute limit its kind allows (SESSION_LIMITS). */
export async function insertSession(
  db: Executor,
  userId: string,
  options: { rememberMe: boolean; ip?: string; userAgent?: string },
  now: Date,
): Promise<{ sessionId: string; expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + limitsFor(options.rememberMe).maxMs);
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      rememberMe: options.rememberMe,
      lastSeenAt: now,
      expiresAt,
      ip: options.ip ?? null,
      userAgent: options.userAgent?.slice(0, 500) ?? null,
    })
    .returning({ id: sessions.id });
  return { sessionId: row!.id, expiresAt };
}

/**
 * A live session: not revoked, not past its absolute limit, its user not disabled. Times come from
 * this process's clock, not the database's, so that every instance and every test agrees on "now".
 * The query is built once per database and prepared (every request runs it; building it cost more
 * than running it).
 */
const isLive = and(
  eq(sessions.id, sql.placeholder('sid')),
  eq(sessions.userId, sql.placeholder('sub')),
  isNull(sessions.revokedAt),
  isNull(users.disabledAt),
  gt(sessions.expiresAt, sql.placeholder('now')),
);

const sessionFields = { sessionId: sessions.id, rememberMe: sessions.rememberMe, lastSeenAt: sessions.lastSeenAt };
/** What every request's check reads of the user: no health data, nothing to decrypt. */
const sessionUser = { id: users.id, email: users.email, roles: users.roles, verified: users.verified };

const prepareLiveSession = (db: Database) =>
  db
    .select({ ...sessionFields, user: sessionUser })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(isLive)
    .prepare('live_session');
/** The same, with the profile's columns read in the same query, for the routes that show the profile. */
const prepareLiveSessionWithProfile = (db: Database) =>
  db
    .select({ ...sessionFields, user: profileColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(isLive)
    .prepare('live_session_with_profile');

/** One prepared query per database (the tests run several apps in one process). */
function preparedPer<Query>(prepare: (db: Database) => Query): (db: Database) => Query {
  const prepared = new WeakMap<Database, Query>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = prepare(db);
      prepared.set(db, query);
    }
    return query;
  };
}
const liveSessionQuery = preparedPer(prepareLiveSession);
const liveSessionWithProfileQuery = preparedPer(prepareLiveSessionWithProfile);

const liveSessionParams = (claims: SessionClaims, now: Date) => ({ sid: claims.sid, sub: claims.sub, now: now.toISOString() });

/** The row, unless the session sat idle past its limit; marks it as seen (at most once a minute). */
async function keptAlive<Row extends { sessionId: string; rememberMe: boolean; lastSeenAt: Date }>(
  db: Executor,
  row: Row | undefined,
  now: Date,
) {
  if (!row) return null;
  const idleMs = now.getTime() - row.lastSeenAt.getTime();
  if (idleMs > limitsFor(row.rememberMe).idleMs) return null;
  if (idleMs > TOUCH_AFTER_MS) await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  return row;
}

/** The live session behind a token, with the little of its user that authorisation needs. */
export async function findLiveSession(db: Database, claims: SessionClaims) {
  const now = new Date();
  const [row] = await liveSessionQuery(db).execute(liveSessionParams(claims, now));
  return keptAlive(db, row, now);
}

/** The same, with the columns of the user's profile, for the routes that show it. */
export async function findLiveSessionWithProfile(db: Database, claims: SessionClaims) {
  const now = new Date();
  const [row] = await liveSessionWithProfileQuery(db).execute(liveSessionParams(claims, now));
  return keptAlive(db, row, now);
}

/** A user's sessions that still let their device in: not revoked, not idle past their limit, not past their end. */
export async function findOpenSessions(db: Executor, userId: string, now: Date) {
  const activeSince = (rememberMe: boolean) => new Date(now.getTime() - limitsFor(rememberMe).idleMs);
  return db
    .select({
      id: sessions.id,
      rememberMe: sessions.rememberMe,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        or(
          and(eq(sessions.rememberMe, true), gt(sessions.lastSeenAt, activeSince(true))),
          and(eq(sessions.rememberMe, false), gt(sessions.lastSeenAt, activeSince(false))),
        ),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
}

/** Ends one session of this user; false when the user has no such session still open. */
export async function revokeOwnSession(db: Executor, userId: string, sessionId: string): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

export async function revokeSession(db: Executor, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
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
