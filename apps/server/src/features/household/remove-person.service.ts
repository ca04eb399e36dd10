import { messages } from '@app/shared';
import type { Database } from '../../db/client';
import { forbidden, invalid, notFound } from '../../lib/errors';
import { findUserById } from '../users';
import { holderOf } from './access.service';
import { deleteInvitation, deleteMember, findMembership, moveChildrenTo } from './repository';

const fullName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`.trim();

/**
 * The holder removes someone from the family. Their account and record stay theirs (an adult's login, a
 * child's record); an adult takes the children they are the guardian of with them.
 */
export async function removePerson(db: Database, holderId: string, personId: string) {
  const membership = await findMembership(db, personId);
  if (!membership || membership.holderId !== holderId) {
    throw (await holderOf(db, holderId)) === holderId ? notFound(messages.personNotFound) : forbidden(messages.householdHolderOnly);
  }
  const person = await findUserById(db, personId);
  await db.transaction(async (tx) => {
    await deleteMember(tx, personId);
    if (membership.role === 'adult') await moveChildrenTo(tx, personId);
  });
  return { message: messages.personRemoved(person ? fullName(person) : '') };
}

/** An invited adult leaves the family, with the children they are the guardian of; the holder cannot. */
export async function leaveHousehold(db: Database, userId: string) {
  const membership = await findMembership(db, userId);
  if (!membership || membership.role !== 'adult') throw invalid(messages.holderCannotLeave);
  await db.transaction(async (tx) => {
    await deleteMember(tx, userId);
    await moveChildrenTo(tx, userId);
  });
  return { message: messages.householdLeft };
}

/** The holder withdraws an invitation not yet accepted: its link stops working and its place is free. */
export async function cancelInvitation(db: Database, holderId: string, invitationId: string) {
  if (!(await deleteInvitation(db, holderId, invitationId))) throw notFound(messages.inviteInvalid);
  return { message: messages.inviteCancelled };
}
