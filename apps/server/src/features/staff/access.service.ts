import { isAdminRole, isClinicianRole, messages } from '@app/shared';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import { recordAudit, type AuditRequest } from '../audit';
import { revokeUserSessions } from '../auth';
import { lockAdmins } from '../user-admin';
import { findUserById, lockUser, updateUser } from '../users';

const displayName = (user: { firstName: string; lastName: string; email: string }) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

/**
 * Disables an account (a member or an admin): its sessions end in the same commit, and sign-in is
 * refused until an admin enables it again. An admin cannot disable themself, and the last enabled
 * admin stays: like a demotion, disabling an admin takes every admin's lock first, in id order, so two
 * admins disabling each other at once queue, and the second sees the first. A clinician's access is
 * turned off on their licence instead (it also hands their visits back). The reason is kept, sealed,
 * in the audit row committed with the change. Disabling a disabled account keeps the first date.
 */
export async function disableAccount(db: Database, admin: { userId: string }, id: string, reason: string, audit: AuditRequest) {
  if (id === admin.userId) throw conflict(messages.cannotDisableYourself);
  const unlocked = await findUserById(db, id);
  if (!unlocked) throw notFound(messages.notFound);
  if (unlocked.roles.some(isClinicianRole)) throw conflict(messages.clinicianAccessElsewhere);
  const user = await db.transaction(async (tx) => {
    const admins = unlocked.roles.some(isAdminRole) ? await lockAdmins(tx) : null;
    const before = await lockUser(tx, id);
    if (!before) throw notFound(messages.notFound);
    if (before.roles.some(isAdminRole) && !before.disabledAt && !(admins ?? (await lockAdmins(tx))).some((other) => other !== id)) {
      throw conflict(messages.lastAdminStays);
    }
    const updated = await updateUser(tx, id, { disabledAt: before.disabledAt ?? new Date() });
    await revokeUserSessions(tx, id);
    await recordAudit(tx, { ...audit, subjectUserId: id, status: 200, details: { reason } });
    return updated;
  });
  return { id, disabledAt: user.disabledAt!.toISOString(), message: messages.accountDisabledNotice(displayName(user)) };
}

/** Enables a disabled account again, with a reason in the audit row; its owner signs in afresh. */
export async function enableAccount(db: Database, id: string, reason: string, audit: AuditRequest) {
  const user = await db.transaction(async (tx) => {
    const before = await lockUser(tx, id);
    if (!before) throw notFound(messages.notFound);
    const updated = await updateUser(tx, id, { disabledAt: null });
    await recordAudit(tx, { ...audit, subjectUserId: id, status: 200, details: { reason } });
    return updated;
  });
  return { id, disabledAt: null, message: messages.accountEnabledNotice(displayName(user)) };
}
