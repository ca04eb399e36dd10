import { isAdminRole, isClinicianRole, messages, type LoginResponse } from '@app/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/crypto';
import { invalid, invalidField, unauthenticated, forbidden } from '../../lib/errors';
import type { Limits } from '../../lib/limits';
import type { CaptchaService } from '../captcha';
import { queueMailToSend, type MailDelivery, type MailTemplates } from '../mail';
import { consumeToken, findUserByEmail, findUserById, issueToken, toProfile, updateUser, type RequestMeta, type UserRow } from '../users';
import { isActiveClinician } from './clinician-access.repository';
import { revokeSession, revokeUserSessions } from './sessions.repository';
import { openSession } from './sessions.service';

/** What sign-in and credentials use: the accounts, captcha, limits, the mail they send and the session secret. */
interface AuthDeps {
  db: Database;
  captcha: CaptchaService;
  limits: Limits;
  mail: MailDelivery;
  templates: MailTemplates;
  config: Pick<Config, 'jwtSecret'>;
}

/** What mailing a reset link uses: an admin's reset (features/user-admin) sends it with these alone. */
type ResetLinkDeps = Pick<AuthDeps, 'db' | 'mail' | 'templates'>;

interface LoginInput {
  email: string;
  password: string;
  recaptchaToken?: string;
  rememberMe?: boolean;
}

const invalidCredentials = () => unauthenticated(messages.invalidCredentials);

/** Sign-in attempts are counted per e-mail and address together, so nobody can lock another person out (checklist #6). */
const loginKey = (email: string, ip: string) => `${email} ${ip}`;

/** Where a staff member's sign-in link leads: the admin dashboard or the clinic. */
type Desk = 'admin' | 'clinic';

/**
 * The desk an account signs in to: null for a patient, and 'closed' for a clinician whose access an
 * admin turned off (or who has no licence on file), who may not sign in at all.
 */
async function deskOf(db: Database, user: UserRow): Promise<Desk | 'closed' | null> {
  if (user.roles.some(isAdminRole)) return 'admin';
  if (!user.roles.some(isClinicianRole)) return null;
  return (await isActiveClinician(db, user.id)) ? 'clinic' : 'closed';
}

/**
 * Sign-in. Unknown e-mails and wrong passwords get the same answer after the same work, and so does
 * a clinician whose access is off. Staff (admins, clinicians) never get a session from a password:
 * they are sent a single-use magic link instead.
 */
export async function login(ctx: AuthDeps, input: LoginInput, meta: RequestMeta): Promise<LoginResponse> {
  if (!(await ctx.captcha.redeem(input.recaptchaToken, meta.ip))) throw invalid(messages.captchaFailed);
  // Counted before the password is checked, so parallel guesses cannot all pass; even the right
  // password waits out a block, so the block cannot be used to test passwords.
  const key = loginKey(input.email, meta.ip);
  const attempt = await ctx.limits.consume('loginFailures', key, messages.tooManyLoginAttempts);
  // The first attempt of a streak also counts against the address, once per account.
  const countedForIp = attempt === 1;
  if (countedForIp) await ctx.limits.consume('loginAccountsPerIp', meta.ip, messages.tooManyLoginAttempts);

  const user = await findUserByEmail(ctx.db, input.email);
  const passwordOk = user ? await verifyPassword(user.passwordHash, input.password) : (await burnPasswordCheck(input.password), false);
  const desk = user && passwordOk ? await deskOf(ctx.db, user) : null;
  if (!user || !passwordOk || desk === 'closed') throw invalidCredentials();
  await ctx.limits.reset('loginFailures', key);
  if (countedForIp) await ctx.limits.refund('loginAccountsPerIp', meta.ip);
  // Said plainly, to the holder of the right password only: nobody else learns the account exists.
  if (user.disabledAt) throw forbidden(messages.accountDisabled, { status: 'disabled' });

  if (!user.verified) {
    throw forbidden(messages.notVerified, { status: 'unverified', verified: false, notVerifiedMessage: messages.notVerified });
  }
  if (desk) return sendStaffMagicLink(ctx, user, desk);

  const session = await openSession(ctx.db, ctx.config.jwtSecret, user, {
    rememberMe: input.rememberMe ?? false,
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
  return { status: 'ok', verified: true, message: 'Signed in.', token: session.token, user: toProfile(user) };
}

async function sendStaffMagicLink(ctx: AuthDeps, user: UserRow, desk: Desk): Promise<LoginResponse> {
  await ctx.limits.consume('adminMagicLink', user.id);
  const queued = await ctx.db.transaction(async (tx) => {
    const token = await issueToken(tx, user.id, 'admin-login');
    return queueMailToSend(tx, ctx.templates.adminMagicLink(user.email, user.firstName, token, desk));
  });
  void ctx.mail.send(queued);
  return { status: 'magic_link_sent', verified: true, message: messages.magicLinkSent };
}

/** The magic link's button press: spends the link and opens an admin's or an active clinician's session. */
export async function verifyAdminLogin(ctx: AuthDeps, token: string, meta: RequestMeta) {
  const userId = await consumeToken(ctx.db, token, 'admin-login');
  const user = userId ? await findUserById(ctx.db, userId) : undefined;
  if (user?.disabledAt) throw forbidden(messages.accountDisabled, { status: 'disabled' });
  const desk = user ? await deskOf(ctx.db, user) : null;
  if (!user || (desk !== 'admin' && desk !== 'clinic')) throw invalid(messages.magicLinkInvalid);
  const session = await openSession(ctx.db, ctx.config.jwtSecret, user, { rememberMe: false, ip: meta.ip, userAgent: meta.userAgent });
  const message = desk === 'admin' ? messages.magicLinkVerified : messages.clinicSignInVerified;
  return { message, token: session.token, user: toProfile(user) };
}

export const logout = (db: Database, sessionId: string) => revokeSession(db, sessionId);

/**
 * Always the same answer at the same time, whether or not the e-mail has an account: only the limits
 * run before the answer; `sendResetLink` is for after it.
 */
export async function forgotPassword(ctx: AuthDeps, email: string, ip: string) {
  await Promise.all([ctx.limits.consume('forgotPasswordPerIp', ip), ctx.limits.consume('forgotPasswordPerEmail', email)]);
  return { message: messages.forgotSuccess };
}

/** The work behind forgotPassword's answer: a reset link for an account that can use it. */
export async function sendResetLink(ctx: ResetLinkDeps, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.disabledAt) return;
  await mailResetLink(ctx, user);
}

/** A new reset link (older ones stop working) to the user, through the outbox: for the forgot-password form and for an admin alike. */
export async function mailResetLink(ctx: ResetLinkDeps, user: UserRow) {
  const queued = await ctx.db.transaction(async (tx) => {
    const token = await issueToken(tx, user.id, 'reset-password');
    return queueMailToSend(tx, ctx.templates.passwordReset(user.email, user.firstName, token));
  });
  void ctx.mail.send(queued);
}

/**
 * Sets a new password from an e-mailed link, which also proves the address; every session ends,
 * and sign-in attempts from this address start afresh.
 */
export async function resetPassword(ctx: AuthDeps, input: { token: string; newPassword: string }, meta: RequestMeta) {
  const passwordHash = await hashPassword(input.newPassword);
  const changed = await ctx.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, input.token, 'reset-password');
    if (!userId) return null;
    const user = await updateUser(tx, userId, { passwordHash, verified: true, emailVerifiedAt: new Date() });
    await revokeUserSessions(tx, userId);
    return { email: user.email, mail: await queueMailToSend(tx, ctx.templates.passwordChanged(user.email, user.firstName)) };
  });
  if (!changed) throw invalid(messages.resetTokenInvalid);
  await ctx.limits.reset('loginFailures', loginKey(changed.email, meta.ip));
  void ctx.mail.send(changed.mail);
  return { message: messages.resetSuccess };
}

/** Changing a password needs the current one, and signs out every other session (decision 003). */
export async function changePassword(
  ctx: AuthDeps,
  auth: { userId: string; sessionId: string },
  input: { currentPassword: string; newPassword: string },
) {
  // Counted before the check, as sign-in is; a success starts afresh.
  await ctx.limits.consume('passwordChange', auth.userId);
  const user = await findUserById(ctx.db, auth.userId);
  if (!user) throw unauthenticated(messages.sessionExpired);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw invalidField('currentPassword', messages.currentPasswordWrong);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const queued = await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    await revokeUserSessions(tx, user.id, auth.sessionId);
    return queueMailToSend(tx, ctx.templates.passwordChanged(user.email, user.firstName));
  });
  await ctx.limits.reset('passwordChange', auth.userId);
  void ctx.mail.send(queued);
  return { message: messages.passwordUpdated };
}
