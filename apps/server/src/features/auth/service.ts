import { generateCustomerId, isAdminRole, messages, type LoginResponse } from '@app/shared';
import type { AppContext } from '../../context';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/crypto';
import { HttpError, badRequest, tooManyRequests } from '../../lib/errors';
import { countAttempt, forgetAttempts, limits, secondsLocked, takeAttempt } from '../../plugins/rate-limit';
import { enqueueMail } from '../mail/repository';
import type { RequestMeta } from '../users/service';
import { findUserByEmail, findUserById, insertUser, toProfile, updateUser, type UserRow } from '../users/repository';
import { openSession, revokeSession, revokeUserSessions } from './sessions';
import { consumeToken, issueToken } from './tokens.repository';

interface LoginInput {
  email: string;
  password: string;
  recaptchaToken?: string;
  rememberMe?: boolean;
}

const invalidCredentials = () => new HttpError(401, messages.invalidCredentials);

/** Seconds until this e-mail and this address may try again; a lock on either is enough. */
async function loginLock(ctx: AppContext, email: string, ip: string) {
  const [byEmail, byIp] = await Promise.all([
    secondsLocked(ctx.db, limits.failedLoginByEmail, email),
    secondsLocked(ctx.db, limits.failedLoginByIp, ip),
  ]);
  return Math.max(byEmail, byIp);
}

async function countFailure(ctx: AppContext, email: string, ip: string) {
  await Promise.all([countAttempt(ctx.db, limits.failedLoginByEmail, email), countAttempt(ctx.db, limits.failedLoginByIp, ip)]);
}

/**
 * Sign-in. Unknown e-mails and wrong passwords get the same answer after the same work. Admins
 * never get a session from a password: they are sent a single-use magic link instead.
 */
export async function login(ctx: AppContext, input: LoginInput, meta: RequestMeta): Promise<LoginResponse> {
  if (!(await ctx.captcha.redeem(input.recaptchaToken, meta.ip))) throw badRequest(messages.captchaFailed);
  const wait = await loginLock(ctx, input.email, meta.ip);
  // Even the right password waits out the lock, so the lock cannot be used to test passwords.
  if (wait > 0) throw tooManyRequests(messages.tooManyLoginAttempts, wait);

  const user = await findUserByEmail(ctx.db, input.email);
  const passwordOk = user ? await verifyPassword(user.passwordHash, input.password) : (await burnPasswordCheck(input.password), false);
  if (!user || !passwordOk || user.disabledAt) {
    await countFailure(ctx, input.email, meta.ip);
    throw invalidCredentials();
  }
  await forgetAttempts(ctx.db, limits.failedLoginByEmail, input.email);

  if (!user.verified) {
    throw new HttpError(403, messages.notVerified, { status: 'unverified', verified: false, notVerifiedMessage: messages.notVerified });
  }
  if (user.roles.some(isAdminRole)) return sendAdminMagicLink(ctx, user);

  const session = await openSession(ctx.db, ctx.config.jwtSecret, user, {
    rememberMe: input.rememberMe ?? false,
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
  return { status: 'ok', verified: true, message: 'Signed in.', token: session.token, user: toProfile(user) };
}

async function sendAdminMagicLink(ctx: AppContext, user: UserRow): Promise<LoginResponse> {
  const wait = await takeAttempt(ctx.db, limits.adminMagicLink, user.id);
  if (wait > 0) throw tooManyRequests(messages.tooManyRequests, wait);
  const mailId = await ctx.db.transaction(async (tx) => {
    const token = await issueToken(tx, user.id, 'admin-login');
    return enqueueMail(tx, ctx.templates.adminMagicLink(user.email, user.firstName, token), new Date(Date.now() + 60_000));
  });
  // A failed first attempt is not the admin's problem: the outbox keeps trying.
  await ctx.mail.deliverNow(mailId);
  return { status: 'magic_link_sent', verified: true, message: messages.magicLinkSent };
}

/** The magic link's button press: spends the link and opens an admin session. */
export async function verifyAdminLogin(ctx: AppContext, token: string, meta: RequestMeta) {
  const userId = await consumeToken(ctx.db, token, 'admin-login');
  const user = userId ? await findUserById(ctx.db, userId) : undefined;
  if (!user || user.disabledAt || !user.roles.some(isAdminRole)) throw badRequest(messages.magicLinkInvalid);
  const session = await openSession(ctx.db, ctx.config.jwtSecret, user, { rememberMe: false, ip: meta.ip, userAgent: meta.userAgent });
  return { message: messages.magicLinkVerified, token: session.token, user: toProfile(user) };
}

export const logout = (ctx: AppContext, sessionId: string) => revokeSession(ctx.db, sessionId);

/** Always the same answer, whether or not the e-mail has an account. */
export async function forgotPassword(ctx: AppContext, email: string) {
  const wait = await takeAttempt(ctx.db, limits.forgotPassword, email);
  if (wait > 0) throw tooManyRequests(messages.tooManyRequests, wait);
  const user = await findUserByEmail(ctx.db, email);
  if (user && !user.disabledAt) {
    const mailId = await ctx.db.transaction(async (tx) => {
      const token = await issueToken(tx, user.id, 'reset-password');
      return enqueueMail(tx, ctx.templates.passwordReset(user.email, user.firstName, token));
    });
    // Not awaited: waiting for the mail server would tell a stranger that the account exists.
    void ctx.mail.deliverNow(mailId).catch(() => undefined);
  }
  return { message: messages.forgotSuccess };
}

/** Sets a new password from an e-mailed link, which also proves the address; every session ends. */
export async function resetPassword(ctx: AppContext, input: { token: string; newPassword: string }) {
  const passwordHash = await hashPassword(input.newPassword);
  const mailId = await ctx.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, input.token, 'reset-password');
    if (!userId) return null;
    const user = await updateUser(tx, userId, { passwordHash, verified: true, emailVerifiedAt: new Date() });
    await revokeUserSessions(tx, userId);
    return enqueueMail(tx, ctx.templates.passwordChanged(user.email, user.firstName));
  });
  if (!mailId) throw badRequest(messages.resetTokenInvalid);
  void ctx.mail.deliverNow(mailId).catch(() => undefined);
  return { message: messages.resetSuccess };
}

/** Creates or updates the admin named by ADMIN_EMAIL and ADMIN_PASSWORD at start. */
export async function ensureBootstrapAdmin(ctx: AppContext) {
  const admin = ctx.config.admin;
  if (!admin) return;
  const existing = await findUserByEmail(ctx.db, admin.email);
  if (!existing) {
    await insertUser(ctx.db, {
      email: admin.email,
      passwordHash: await hashPassword(admin.password),
      firstName: 'Admin',
      roles: ['ROLE_ADMIN'],
      verified: true,
      emailVerifiedAt: new Date(),
      customerId: generateCustomerId(),
    });
    return;
  }
  const roles = existing.roles.some(isAdminRole) ? existing.roles : [...existing.roles, 'ROLE_ADMIN'];
  const passwordHash = (await verifyPassword(existing.passwordHash, admin.password)) ? existing.passwordHash : await hashPassword(admin.password);
  await updateUser(ctx.db, existing.id, { roles, verified: true, passwordHash, disabledAt: null });
}
