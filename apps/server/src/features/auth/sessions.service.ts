import type { Executor } from '../../db/client';
import { signSessionToken } from './session-tokens.service';
import { insertSession } from './sessions.repository';

/** Opens a session for `user` and signs its token. */
export async function openSession(
  db: Executor,
  secret: string,
  user: { id: string; email: string; roles: string[] },
  options: { rememberMe: boolean; ip?: string; userAgent?: string },
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const now = new Date();
  const session = await insertSession(db, user.id, options, now);
  return { token: await signSessionToken(secret, user, session, now), ...session };
}
