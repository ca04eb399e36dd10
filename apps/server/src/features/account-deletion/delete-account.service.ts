import { isAdminRole, isClinicianRole, messages } from '@app/shared';
import type { Database, Executor } from '../../db/client';
import { verifyPassword } from '../../lib/crypto';
import { forbidden, invalidField, unauthenticated } from '../../lib/errors';
import type { Limits } from '../../lib/limits';
import type { ObjectStorage } from '../../lib/storage/storage';
import { endMembershipNow } from '../billing';
import { removeExportsOf } from '../data-export';
import { leaveHouseholdsOnDeletion } from '../household';
import { queueMailToSend, type MailDelivery, type MailTemplates } from '../mail';
import { billingColumnsOf, findUserById, updateUser } from '../users';
import { eraseAccountExtras } from './repository';

/** What deleting an account uses: the accounts, the password-check limit, the mail it sends and the store of its downloads. */
interface AccountDeletionDeps {
  db: Database;
  limits: Limits;
  mail: MailDelivery;
  templates: MailTemplates;
  storage: Pick<ObjectStorage, 'remove'>;
}

/** How long a deleted account's medical and payment records are kept, as the Terms say. */
const RECORDS_KEPT_YEARS = 7;

/** The address a deleted account holds instead of its own: unique, never deliverable, so the real one can register again. */
const tombstoneEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

/**
 * A member deletes their own account (decision 069), with their password: the membership ends at once
 * through billing's turn with renewals, every session ends, and the contact details, preferences and
 * everything outside the medical and payment records are erased in one transaction; the accounts of the
 * children they are the guardian of close with theirs. The records stay,
 * sealed as they are, until housekeeping erases them after 7 years. The address hears of it last.
 */
export async function deleteOwnAccount(ctx: AccountDeletionDeps, userId: string, input: { currentPassword: string }) {
  // Counted before the password check, as a password change is.
  await ctx.limits.consume('passwordChange', userId);
  const user = await findUserById(ctx.db, userId);
  if (!user || user.deletedAt) throw unauthenticated(messages.sessionExpired);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw invalidField('currentPassword', messages.currentPasswordWrong);
  }
  // Staff accounts are closed by an admin, who keeps the clinic's records attributable.
  if (user.roles.some((role) => isAdminRole(role) || isClinicianRole(role))) throw forbidden(messages.accessDenied);
  await ctx.limits.reset('passwordChange', userId);

  const now = new Date();
  const notice = await ctx.db.transaction(async (tx) => {
    await endMembershipNow(tx, userId, 'account deleted', now);
    const children = await leaveHouseholdsOnDeletion(tx, userId);
    const goodbye = await queueMailToSend(tx, ctx.templates.accountDeleted(user.email, user.firstName));
    for (const id of [userId, ...children]) await closeAccount(ctx, tx, id, now);
    return goodbye;
  });
  void ctx.mail.send(notice);
  return { message: messages.accountDeleted };
}

/**
 * Closes one account of a deletion: everything outside its medical and payment records erased, its address
 * freed, signing in refused, and its records kept until housekeeping erases them after 7 years.
 */
async function closeAccount(ctx: Pick<AccountDeletionDeps, 'storage'>, tx: Executor, userId: string, now: Date) {
  const eraseAfter = new Date(now);
  eraseAfter.setUTCFullYear(eraseAfter.getUTCFullYear() + RECORDS_KEPT_YEARS);
  await eraseAccountExtras(tx, userId, now);
  await removeExportsOf(ctx, tx, userId);
  await updateUser(tx, userId, {
    email: tombstoneEmail(userId),
    customerPhone: null,
    zip: null,
    ...billingColumnsOf(null),
    cardholderName: null,
    cardLast4: null,
    cardExpiry: null,
    cardBrand: null,
    customerIp: null,
    smsPolicyAccepted: false,
    verified: false,
    disabledAt: now,
    deletedAt: now,
    recordsEraseAfter: eraseAfter,
  });
}
