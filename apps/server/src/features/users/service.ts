import { generateCustomerId, messages, type OwnDetailsUpdate, type VerifyEmailTokenStatus } from '@app/shared';
import type { z } from 'zod';
import type { registrationSchema } from '@app/shared';
import type { Database, Executor } from '../../db/client';
import { hashPassword } from '../../lib/crypto';
import { invalid } from '../../lib/errors';
import type { Limits } from '../../lib/limits';
import { isUniqueViolation } from '../../db/errors';
import type { CaptchaService } from '../captcha';
import { queueMailToSend, type MailDelivery, type MailTemplates } from '../mail';
import type { GeoLocation, GeoService } from '../geo';
import { findPlan } from '../plans';
import { recordSmsConsent } from '../sms';
import { billingColumnsOf } from './profile.service';
import { findUserByEmail, insertUser, isCustomerIdTaken, updateUser, type NewUser, type UserRow } from './repository';
import { consumeToken, isTokenUsable, issueToken } from './tokens.repository';

type Registration = z.output<typeof registrationSchema>;

/** What sign-up and the verification mail use: the accounts, captcha, limits, the location of an address and the mail they send. */
interface UserDeps {
  db: Database;
  captcha: CaptchaService;
  limits: Limits;
  geo: GeoService;
  mail: MailDelivery;
  templates: MailTemplates;
}

export interface RequestMeta {
  ip: string;
  userAgent?: string;
}

/** The customer id the form generated, unless another account already has it. */
async function unusedCustomerId(db: Executor, wanted: string | undefined): Promise<string> {
  let candidate = wanted ?? generateCustomerId();
  while (await isCustomerIdTaken(db, candidate)) candidate = generateCustomerId();
  return candidate;
}

/** The row a sign-up makes: the account waits for its e-mail to be verified and its membership to be paid. */
export function newAccount(input: Registration, passwordHash: string, ip: string, location: GeoLocation | null) {
  const plan = findPlan(input.subscriptionPlan);
  return {
    email: input.email,
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
    customerIp: ip,
    customerCountry: location?.country ?? null,
    customerState: location?.state ?? null,
    submittedAt: new Date(),
    submittedLocalTime: input.submittedAt ?? null,
  } satisfies Partial<NewUser>;
}

/**
 * Sign-up. A new e-mail gets an account and a verification e-mail. An e-mail that already has an
 * account changes nothing, not even an unverified one's password or details: its owner gets a new
 * verification link, or a notice when verified. Every case answers the same, so sign-up tells
 * nobody who has an account, and nobody can take over an address they do not read.
 */
export async function register(ctx: UserDeps, input: Registration, meta: RequestMeta) {
  if (!(await ctx.captcha.redeem(input.recaptchaToken, meta.ip))) throw invalid(messages.captchaFailed);
  await ctx.limits.consume('signupPerIp', meta.ip);
  const location = ctx.geo.lookup(meta.ip);
  // Hashed in every case, so an existing e-mail costs the same time as a new one.
  const passwordHash = await hashPassword(input.password);
  const details = newAccount(input, passwordHash, meta.ip, location);

  const createOrFind = () =>
    ctx.db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, input.email);
      if (existing) return existing;
      const created = await insertUser(tx, { ...details, customerId: await unusedCustomerId(tx, input.customerId) });
      // Sign-up asks the member to accept texts: that acceptance is their first consent record.
      await recordSmsConsent(tx, created.id, { granted: created.smsPolicyAccepted, source: 'sign-up', ip: meta.ip });
      return created;
    });
  let user: UserRow;
  try {
    user = await createOrFind();
  } catch (error) {
    // Two sign-ups for one new e-mail raced; the loser goes again and finds the winner's row.
    if (!isUniqueViolation(error)) throw error;
    user = await createOrFind();
  }
  if (user.verified) await noticeToOwner(ctx, user);
  else await sendVerificationLink(ctx, user);
  return {
    message: messages.signupSuccess,
    firstName: input.firstName,
    email: input.email,
    fullName: `${input.firstName} ${input.lastName}`,
  };
}

/**
 * A fresh verification link (older ones stop working), for sign-up and for the resend request alike:
 * at most 3 mails per address per hour, the first included; past that, silently nothing.
 */
async function sendVerificationLink(ctx: UserDeps, user: UserRow) {
  if (!(await ctx.limits.tryConsume('mailPerAddress', user.email))) return;
  const queued = await ctx.db.transaction(async (tx) => {
    const token = await issueToken(tx, user.id, 'verify-email');
    return queueMailToSend(tx, ctx.templates.verifyEmail(user.email, user.firstName, token));
  });
  void ctx.mail.send(queued);
}

/** Someone tried to sign up with a verified address: its owner hears of it, within the same per-address limit. */
async function noticeToOwner(ctx: UserDeps, user: UserRow) {
  if (!(await ctx.limits.tryConsume('mailPerAddress', user.email))) return;
  void ctx.mail.send(await queueMailToSend(ctx.db, ctx.templates.accountExists(user.email, user.firstName)));
}

/** The same answer for every e-mail; only the request's limit runs before it, `resendVerificationLink` after. */
export async function requestVerificationResend(ctx: UserDeps, ip: string) {
  await ctx.limits.consume('resendVerificationPerIp', ip);
  return { message: messages.verificationResent };
}

/** The work behind requestVerificationResend's answer: a new link only for an account waiting for one. */
export async function resendVerificationLink(ctx: UserDeps, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (user && !user.verified && !user.disabledAt) await sendVerificationLink(ctx, user);
}

/** Whether a verification link can still be used, without using it: the page asks before showing its button. */
export async function verifyEmailTokenStatus(db: Database, token: string): Promise<VerifyEmailTokenStatus> {
  return (await isTokenUsable(db, token, 'verify-email')) ? { usable: true } : { usable: false, message: messages.verifyTokenInvalid };
}

/** The "Confirm my email" button: spends the token and marks the address verified. */
export async function verifyEmail(db: Database, token: string) {
  const verified = await db.transaction(async (tx) => {
    const userId = await consumeToken(tx, token, 'verify-email');
    if (userId) await updateUser(tx, userId, { verified: true, emailVerifiedAt: new Date() });
    return userId !== null;
  });
  if (!verified) throw invalid(messages.verifyTokenInvalid);
  return { message: messages.verifySuccess };
}

/** The signed-in member's own correction of their name, phone, ZIP code and billing address. */
export function updateOwnDetails(db: Database, userId: string, input: OwnDetailsUpdate): Promise<UserRow> {
  return updateUser(db, userId, {
    firstName: input.firstName,
    lastName: input.lastName,
    customerPhone: input.customerPhone,
    zip: input.zip,
    ...billingColumnsOf(input.billingAddress),
  });
}
