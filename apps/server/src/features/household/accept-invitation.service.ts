import { generateCustomerId, messages, type InvitationSignup } from '@app/shared';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { hashPassword } from '../../lib/crypto';
import { conflict, forbidden, invalid } from '../../lib/errors';
import { findUserByEmail, findUserById, insertUser, updateUser, type UserRow } from '../users';
import { familyWithRoom } from './add-child.service';
import { householdRefusal } from './invite-adult.service';
import { acceptInvitationRow, findOpenInvitation, insertMember, makeAdult, type InvitationRow } from './repository';

const invalidLink = () => invalid(messages.inviteInvalid);
const fullName = (user: Pick<UserRow, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim();

/** What the link shows before it is accepted: who invites, and the address it is for. A used or expired link is refused. */
export async function readInvitation(db: Database, token: string) {
  const invitation = await findOpenInvitation(db, token);
  const holder = invitation && (await findUserById(db, invitation.holderId));
  if (!invitation || !holder) throw invalidLink();
  return { holderName: fullName(holder), email: invitation.email };
}

/** Spends the link in the transaction, or refuses it: a link works once. */
async function spend(tx: Executor, token: string): Promise<InvitationRow> {
  const invitation = await acceptInvitationRow(tx, token);
  if (!invitation) throw invalidLink();
  return invitation;
}

/** The signed-in adult accepts an invitation sent to their own address: their account joins the family. */
export async function acceptInvitation(db: Database, userId: string, token: string) {
  const [invitation, user] = await Promise.all([findOpenInvitation(db, token), findUserById(db, userId)]);
  if (!invitation || !user || invitation.personId) throw invalidLink();
  if (invitation.email !== user.email) throw forbidden(messages.inviteWrongAccount(invitation.email));
  const holderName = await db.transaction(async (tx) => {
    await spend(tx, token);
    const holder = await familyWithRoom(tx, invitation.holderId);
    const refusal = await householdRefusal(tx, holder.id, user);
    if (refusal) throw refusal;
    await insertMember(tx, { userId, holderId: holder.id, role: 'adult' });
    return fullName(holder);
  });
  return { message: messages.inviteAccepted(holderName) };
}

/**
 * An invited adult without an account makes one through the link, verified because opening the link
 * proved the address. For a child who turned 18 the child's own account becomes theirs instead, with
 * its record (decision 067).
 */
export async function signUpThroughInvitation(db: Database, input: InvitationSignup) {
  const invitation = await findOpenInvitation(db, input.token);
  if (!invitation) throw invalidLink();
  if (await findUserByEmail(db, invitation.email)) throw conflict(messages.inviteAccountExists);
  const passwordHash = await hashPassword(input.newPassword);
  const details = {
    email: invitation.email,
    passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
    customerPhone: input.customerPhone,
    dob: input.dob,
    zip: input.zip,
    verified: true,
    emailVerifiedAt: new Date(),
  };
  try {
    const holderName = await db.transaction(async (tx) => {
      await spend(tx, input.token);
      if (invitation.personId) {
        await updateUser(tx, invitation.personId, details);
        await makeAdult(tx, invitation.personId);
        const holder = await findUserById(tx, invitation.holderId);
        return holder ? fullName(holder) : '';
      }
      const holder = await familyWithRoom(tx, invitation.holderId);
      const user = await insertUser(tx, { ...details, customerId: generateCustomerId() });
      await insertMember(tx, { userId: user.id, holderId: holder.id, role: 'adult' });
      return fullName(holder);
    });
    return { message: messages.inviteAccepted(holderName) };
  } catch (error) {
    // Another sign-up took the address between the check and the insert.
    if (isUniqueViolation(error)) throw conflict(messages.inviteAccountExists);
    throw error;
  }
}
