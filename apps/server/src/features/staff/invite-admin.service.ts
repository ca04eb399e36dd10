import { generateCustomerId, messages } from '@app/shared';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { hashPassword, randomToken } from '../../lib/crypto';
import { conflict, invalid } from '../../lib/errors';
import { recordAudit, type AuditRequest } from '../audit';
import { revokeUserSessions } from '../auth';
import { queueMailToSend, type MailDelivery, type MailTemplates } from '../mail';
import { consumeToken, findUserByEmail, insertUser, issueToken, updateUser } from '../users';

/** What inviting an admin uses: the accounts and the invitation mail. */
interface InviteDeps {
  db: Database;
  mail: MailDelivery;
  templates: MailTemplates;
}

/**
 * An admin's invitation of another admin: the account (admin role, verified because the inviting admin
 * vouches for the address, a random password nobody knows until the link sets one), the mail with the
 * link and the audit row, committed together. An e-mail that already has an account is refused: an
 * invitation never turns a member into an admin (an admin's edit of their roles does, with a reason).
 */
export async function inviteAdmin(ctx: InviteDeps, input: { firstName: string; lastName: string; email: string }, audit: AuditRequest) {
  if (await findUserByEmail(ctx.db, input.email)) throw conflict(messages.clinicianEmailTaken);
  const passwordHash = await hashPassword(randomToken());
  let mail;
  try {
    mail = await ctx.db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        roles: ['ROLE_ADMIN'],
        verified: true,
        emailVerifiedAt: new Date(),
        customerId: generateCustomerId(),
      });
      const token = await issueToken(tx, user.id, 'admin-invite');
      await recordAudit(tx, { ...audit, subjectUserId: user.id, status: 201, details: null });
      return queueMailToSend(tx, ctx.templates.adminInvitation(user.email, user.firstName, token));
    });
  } catch (error) {
    // Another request took the e-mail between the check and the insert.
    if (isUniqueViolation(error)) throw conflict(messages.clinicianEmailTaken);
    throw error;
  }
  void ctx.mail.send(mail);
  return { message: messages.adminInvited(input.email) };
}

/** The invitation's link spent to set the new admin's password; a used, expired or unknown link changes nothing. */
export async function acceptAdminInvitation(db: Database, input: { token: string; newPassword: string }) {
  const passwordHash = await hashPassword(input.newPassword);
  const accepted = await db.transaction(async (tx) => {
    const userId = await consumeToken(tx, input.token, 'admin-invite');
    if (!userId) return false;
    await updateUser(tx, userId, { passwordHash });
    await revokeUserSessions(tx, userId);
    return true;
  });
  if (!accepted) throw invalid(messages.clinicianInvitationInvalid);
  return { message: messages.adminInvitationAccepted };
}
