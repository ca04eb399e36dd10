import { messages, type OwnSession } from '@app/shared';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { GeoService } from '../geo';
import { describeDevice } from './device';
import { findOpenSessions, revokeOwnSession, revokeUserSessions } from './sessions.repository';

/** What a member's own session list uses: its rows, and the offline address lookup for the place. */
interface OwnSessionsDeps {
  db: Database;
  geo: GeoService;
}

/** The member's session asking, by its user and session. */
interface Asking {
  userId: string;
  sessionId: string;
}

/** Where the member is signed in now, the session asking first, then by last activity. */
export async function listOwnSessions(ctx: OwnSessionsDeps, asking: Asking, now = new Date()): Promise<OwnSession[]> {
  const rows = await findOpenSessions(ctx.db, asking.userId, now);
  const listed = rows.map((row): OwnSession => {
    const location = row.ip ? ctx.geo.lookup(row.ip) : null;
    return {
      id: row.id,
      current: row.id === asking.sessionId,
      device: describeDevice(row.userAgent),
      place: location ? [location.state, location.country].filter(Boolean).join(', ') : null,
      signedInAt: row.createdAt.toISOString(),
      lastActiveAt: row.lastSeenAt.toISOString(),
      rememberMe: row.rememberMe,
    };
  });
  return [...listed.filter((s) => s.current), ...listed.filter((s) => !s.current)];
}

/** Signs the member out on one of their devices (this one included); 404 for a session that is not theirs or has ended. */
export async function endOwnSession(db: Database, asking: Asking, sessionId: string): Promise<void> {
  if (!(await revokeOwnSession(db, asking.userId, sessionId))) throw notFound(messages.sessionAlreadyEnded);
}

/** Signs the member out everywhere but the device asking. */
export const endOtherSessions = (db: Database, asking: Asking) => revokeUserSessions(db, asking.userId, asking.sessionId);
