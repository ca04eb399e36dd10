import { isAdminRole, messages } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { findLiveSession, readToken } from '../features/auth';
import type { UserRow } from '../features/users';
import { unauthenticated, forbidden } from '../lib/errors';

export interface Auth {
  userId: string;
  /** The user as read with the session, at the start of this request. */
  user: UserRow;
  sessionId: string;
  email: string;
  roles: string[];
  verified: boolean;
  isAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : null;
}

/**
 * Reads the bearer token on every request and checks its session in the database, so sign-out,
 * password reset and disabling a user take effect at once. The admin routes authorise themselves
 * (features/admin/routes.ts), by route rather than by URL text.
 */
export function registerAuth(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const token = bearer(request);
    if (!token) return;
    const claims = await readToken(ctx.config.jwtSecret, token);
    if (!claims) return;
    const session = await findLiveSession(ctx.db, claims);
    if (!session) return;
    const { user } = session;
    request.auth = {
      userId: user.id,
      user,
      sessionId: session.sessionId,
      email: user.email,
      roles: user.roles,
      verified: user.verified,
      isAdmin: user.roles.some(isAdminRole),
    };
  });
}

/** The signed-in user, or a 401. */
export function requireUser(request: FastifyRequest): Auth {
  if (!request.auth) throw unauthenticated(request.headers.authorization ? messages.sessionExpired : messages.authFailed);
  return request.auth;
}

export function requireAdmin(request: FastifyRequest): Auth {
  const auth = requireUser(request);
  if (!auth.isAdmin) throw forbidden(messages.accessDenied);
  return auth;
}

/** Route hook: answer 401 before even reading the body of a request without a live session. */
export async function signedIn(request: FastifyRequest) {
  requireUser(request);
}
