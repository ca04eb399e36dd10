import { messages, type ChangeEmailRequest } from '@app/shared';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { verifyPassword } from '../../lib/crypto';
import { invalid, invalidField, unauthenticated } from '../../lib/errors';
import type { Limits } from '../../lib/limits';
import { revokeUserSessions } from '../auth';
import { queueMailToSend, type MailDelivery, type MailTemplates } from '../mail';
import { findUserByEmail, findUserById, lockUser, updateUser } from './repository';
import { consumeEmailChangeToken, deleteUnusedTokens, issueToken } from './tokens.repository';

/** What a member's change of e-mail uses: the accounts, the password-check limit and the mail it sends. */
interface EmailChangeDeps {
  db: Database;
  limits: Limits;
  mail: MailDelivery;
  templates: MailTemplates;
}

/** The member's session asking, by its user and session. */
interface Asking {
  userId: string;
  sessionId: string;
}

/**
 * The first step of a member's change of e-mail: the current password, then a link to the new address,
 * which changes nothing until it is used. An address that already has an account gets the same answer
 * (so the form tells nobody who has an account) and its owner is told instead. Mail to either address
 * stays within the per-address limit.
 */
export async function requestEmailChange(ctx: EmailChangeDeps, asking: Asking, input: ChangeEmailRequest) {
  // Counted before the password check, as a password change is; a right password starts afresh.
  await ctx.limits.consume('passwordChange', asking.userId);
  const user = await findUserById(ctx.db, asking.userId);
  if (!user) throw unauthenticated(messages.sessionExpired);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw invalidField('currentPassword', messages.currentPasswordWrong);
  }
  await ctx.limits.reset('passwordChange', asking.userId);
  if (input.newEmail === user.email) throw invalidField('newEmail', messages.emailChangeSame);

  const owner = await findUserByEmail(ctx.db, input.newEmail);
  if (await ctx.limits.tryConsume('mailPerAddress', input.newEmail)) {
    const queued = owner
      ? await queueMailToSend(ctx.db, ctx.templates.emailChangeToTakenAddress(owner.email, owner.firstName))
      : await ctx.db.transaction(async (tx) => {
          const token = await issueToken(tx, user.id, 'change-email', input.newEmail);
          return queueMailToSend(tx, ctx.templates.confirmEmailChange(input.newEmail, user.firstName, token));
        });
    void ctx.mail.send(queued);
  }
  return { message: messages.emailChangeSent };
}

/**
 * The new address's link, pressed: the account takes the address, which the link proved, and every
 * session ends but the one confirming (when it is the account's own). Links mailed before to the old
 * address stop working, and the old address is told.
 */
export async function confirmEmailChange(ctx: EmailChangeDeps, token: string, asking: Asking | null) {
  let notice;
  try {
    notice = await ctx.db.transaction(async (tx) => {
      const change = await consumeEmailChangeToken(tx, token);
      const before = change ? await lockUser(tx, change.userId) : undefined;
      if (!change || !before || before.disabledAt) return null;
      const after = await updateUser(tx, before.id, { email: change.newEmail, verified: true, emailVerifiedAt: new Date() });
      await deleteUnusedTokens(tx, before.id);
      await revokeUserSessions(tx, before.id, asking?.userId === before.id ? asking.sessionId : undefined);
      return queueMailToSend(tx, ctx.templates.emailChangedByMember(before.email, after.firstName));
    });
  } catch (error) {
    // Another account took the address since the link was sent: the link cannot be used.
    if (!isUniqueViolation(error)) throw error;
    notice = null;
  }
  if (!notice) throw invalid(messages.emailChangeTokenInvalid);
  void ctx.mail.send(notice);
  return { message: messages.emailChangeConfirmed };
}
