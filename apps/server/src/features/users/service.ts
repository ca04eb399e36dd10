import { generateCustomerId, messages, type VerifyEmailTokenStatus } from '@app/shared';
import type { z } from 'zod';
import type { registrationSchema } from '@app/shared';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { HttpError, badRequest, tooManyRequests } from '../../lib/errors';
import { countAttempt, forgetAttempts, limits, secondsLocked } from '../../plugins/rate-limit';
import { consumeToken, isTokenUsable, issueToken } from '../auth/tokens.repository';
import { revokeUserSessions } from '../auth/sessions';
import { enqueueMail } from '../mail/repository';
import { findPlan } from '../plans/catalogue';
import { findUserByEmail, findUserById, insertUser, isCustomerIdTaken, updateUser, type NewUser } from './repository';

type Registration = z.output<typeof registrationSchema>;

export interface RequestMeta {
  ip: string;
  userAgent?: string;
}

/** How long a mail that the request itself will try to deliver is kept from the background worker. */
const INLINE_DELIVERY_HOLD_MS = 60_000;

/** Postgres' unique_violation, also when the driver wraps it (Drizzle puts it in `cause`). */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The customer id the form generated, unless another account already has it. */
async function unusedCustomerId(db: Executor, wanted: string | undefined): Promise<string> {
  let candidate = wanted ?? generateCustomerId();
  while (await isCustomerIdTaken(db, candidate)) candidate = generateCustomerId();
  return candidate;
}

/**
 * Sign-up. A new or still-unverified e-mail gets its details saved and a verification e-mail; an
 * already verified e-mail changes nothing and its owner gets a notice instead. Both answer the same,
 * so sign-up tells nobody who has an account.
 */
export async function register(ctx: AppContext, input: Registration, meta: RequestMeta) {
  if (!(await ctx.captcha.redeem(input.recaptchaToken, meta.ip))) throw badRequest(messages.captchaFailed);
  const location = ctx.geo.lookup(meta.ip);
  const plan = findPlan(input.subscriptionPlan);
  const passwordHash = await hashPassword(input.password);
  const details = {
    firstName: input.firstName,
    lastName: input.lastName,
    passwordHash,
    customerPhone: input.customerPhone,
    dob: input.dob,
    zip: input.zip,
    symptoms: input.symptoms || null,
    subscriptionPlan: plan.id,
    subscriptionStatus: 'pending',
    subscriptionAmountCents: plan.priceCents,
    smsPolicyAccepted: true,
    customerIp: meta.ip,
    customerCountry: location?.country ?? null,
    customerState: location?.state ?? null,
    submittedAt: new Date(),
    submittedLocalTime: input.submittedAt ?? null,
  } satisfies Partial<NewUser>;
  const holdUntil = new Date(Date.now() + INLINE_DELIVERY_HOLD_MS);

  const save = () =>
    ctx.db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, input.email);
      if (existing?.verified) {
        return enqueueMail(tx, ctx.templates.accountExists(existing.email, existing.firstName), holdUntil);
      }
      const user = existing
        ? await updateUser(tx, existing.id, details)
        : await insertUser(tx, { ...details, email: input.email, customerId: await unusedCustomerId(tx, input.customerId) });
      const token = await issueToken(tx, user.id, 'verify-email');
      return enqueueMail(tx, ctx.templates.verifyEmail(user.email, user.firstName, token), holdUntil);
    });

  let mailId: string;
  try {
    mailId = await save();
  } catch (error) {
    // Two sign-ups for one new e-mail raced; the loser goes again and finds the winner's row.
    if (!isUniqueViolation(error)) throw error;
    mailId = await save();
  }
  if (!(await ctx.mail.deliverNow(mailId))) {
    throw new HttpError(502, messages.signupMailFailed);
  }
  return {
    message: messages.signupSuccess,
    firstName: input.firstName,
    email: input.email,
    fullName: `${input.firstName} ${input.lastName}`,
  };
}

/** Whether a verification link can still be used, without using it: the page asks before showing its button. */
export async function verifyEmailTokenStatus(ctx: AppContext, token: string): Promise<VerifyEmailTokenStatus> {
  return (await isTokenUsable(ctx.db, token, 'verify-email')) ? { usable: true } : { usable: false, message: messages.verifyTokenInvalid };
}

/** The "Confirm my email" button: spends the token and marks the address verified. */
export async function verifyEmail(ctx: AppContext, token: string) {
  const user = await ctx.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, token, 'verify-email');
    if (!userId) return null;
    return updateUser(tx, userId, { verified: true, emailVerifiedAt: new Date() });
  });
  if (!user) throw badRequest(messages.verifyTokenInvalid);
  return { message: messages.verifySuccess, user: { email: user.email, firstName: user.firstName, verified: true } };
}

/** Changing a password needs the current one, and signs out every other session (decision 003). */
export async function changePassword(
  ctx: AppContext,
  auth: { userId: string; sessionId: string },
  input: { currentPassword: string; newPassword: string },
) {
  const wait = await secondsLocked(ctx.db, limits.passwordChange, auth.userId);
  if (wait > 0) throw tooManyRequests(messages.tooManyRequests, wait);
  const user = await findUserById(ctx.db, auth.userId);
  if (!user) throw new HttpError(401, messages.sessionExpired);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await countAttempt(ctx.db, limits.passwordChange, auth.userId);
    throw badRequest(messages.currentPasswordWrong, { errors: { currentPassword: messages.currentPasswordWrong } });
  }
  const passwordHash = await hashPassword(input.newPassword);
  const mailId = await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    await revokeUserSessions(tx, user.id, auth.sessionId);
    return enqueueMail(tx, ctx.templates.passwordChanged(user.email, user.firstName));
  });
  await forgetAttempts(ctx.db, limits.passwordChange, auth.userId);
  void ctx.mail.deliverNow(mailId).catch(() => undefined);
  return { message: messages.passwordUpdated };
}
