import { isAdminRole, isClinicianRole, messages } from '@app/shared';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { AppContext } from '../context';
import { findLiveSession, findLiveSessionWithProfile, readToken } from '../features/auth';
import type { ProfileRow } from '../features/users';
import { unauthenticated, forbidden } from '../lib/errors';

export interface Auth {
  userId: string;
  /** The user's profile columns as read with the session, only on a route configured with `profile: true`. */
  profile: ProfileRow | null;
  sessionId: string;
  email: string;
  roles: string[];
  verified: boolean;
  isAdmin: boolean;
  isClinician: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
  interface FastifyContextConfig {
    /** The route shows the signed-in user's profile: the session check reads the profile's columns with it. */
    profile?: boolean;
    /**
     * The route uses the session when a token is sent and answers without one too (sign-out, the
     * welcome page's plan choice). Only the API description reads it: the token is marked optional.
     */
    optionalSession?: boolean;
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
 * (plugins/admin-api.ts), by route rather than by URL text.
 */
export function registerAuth(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('auth', null);
  async function authenticate(request: FastifyRequest, token: string) {
    const claims = await readToken(ctx.config.jwtSecret, token);
    if (!claims) return;
    const withProfile = request.routeOptions.config.profile === true;
    const session = withProfile ? await findLiveSessionWithProfile(ctx.sessionDb, claims) : await findLiveSession(ctx.sessionDb, claims);
    if (!session) return;
    const { user } = session;
    request.auth = {
      userId: user.id,
      profile: withProfile ? (session.user as ProfileRow) : null,
      sessionId: session.sessionId,
      email: user.email,
      roles: user.roles,
      verified: user.verified,
      isAdmin: user.roles.some(isAdminRole),
      isClinician: user.roles.some(isClinicianRole),
    };
  }
  // A callback hook, so that a request without a token (every public page and asset) passes
  // without a promise and its extra turn of the event loop.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = bearer(request);
    if (!token) {
      done();
      return;
    }
    authenticate(request, token).then(() => done(), done);
  });
}

/** The signed-in user's profile columns, on a route configured with `profile: true`. */
export function requireProfile(request: FastifyRequest): ProfileRow {
  const { profile } = requireUser(request);
  if (!profile) throw new Error(`${request.routeOptions.url ?? 'this route'} reads the profile without config.profile`);
  return profile;
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

/** The signed-in clinician, or a 401 without a session and a 403 for anyone else. */
export function requireClinician(request: FastifyRequest): Auth {
  const auth = requireUser(request);
  if (!auth.isClinician) throw forbidden(messages.accessDenied);
  return auth;
}

/** Route hook: answer 401 before even reading the body of a request without a live session. */
export async function signedIn(request: FastifyRequest) {
  requireUser(request);
}

/** The roles a whole plugin can be kept for. */
type StaffRole = 'admin' | 'clinician';
const staffOnlyRoutes = new WeakMap<RouteOptions, StaffRole>();
const requireStaff: Record<StaffRole, (request: FastifyRequest) => Auth> = { admin: requireAdmin, clinician: requireClinician };

/**
 * Makes every route of a plugin (and its 404s) answer only one role: an onRequest hook, which runs
 * after routing, so no spelling of a URL reaches a handler without such a session. Each route the
 * plugin adds is noted as it is added, for sessionNeed.
 */
function staffOnly(app: FastifyInstance, role: StaffRole) {
  app.addHook('onRoute', (route) => {
    staffOnlyRoutes.set(route, role);
  });
  const check = requireStaff[role];
  app.addHook('onRequest', async (request) => {
    check(request);
  });
}

/** Keeps every route of a plugin for admins (plugins/admin-api.ts). */
export const adminOnly = (app: FastifyInstance) => staffOnly(app, 'admin');
/** Keeps every route of a plugin for clinicians (the clinic's API). */
export const clinicianOnly = (app: FastifyInstance) => staffOnly(app, 'clinician');

/** What a route asks of the caller: nothing, a session if one is sent, a signed-in user, an admin or a clinician. */
export type SessionNeed = 'none' | 'optional' | 'user' | StaffRole;

/**
 * The session a route needs, read from the guard that enforces it (adminOnly, clinicianOnly, the signedIn hook),
 * so the API description (plugins/openapi.ts) says what the server does. A route that checks only in
 * its handler (requireUser) is described as public: plugins/openapi.test.ts sends every operation
 * without a token and fails on a 401 the description did not announce, but a handler runs after the
 * input is validated, so guard a route with the hook, which answers first.
 */
export function sessionNeed(route: RouteOptions): SessionNeed {
  const staff = staffOnlyRoutes.get(route);
  if (staff) return staff;
  const hooks: unknown[] = [route.onRequest, route.preParsing, route.preValidation, route.preHandler].flat();
  if (hooks.includes(signedIn)) return 'user';
  return route.config?.optionalSession ? 'optional' : 'none';
}
