import { ADULT_AGE, ageOn, messages } from '@app/shared';
import type { Database, Executor } from '../../db/client';
import { randomToken, sha256 } from '../../lib/crypto';
import { conflict, forbidden, invalidField } from '../../lib/errors';
import { queueMailToSend, type MailDelivery, type MailTemplates } from '../mail';
import { findUserByEmail, findUserById, lockUser, type UserRow } from '../users';
import { holderOf, keepsRecordOf } from './access.service';
import { familyWithRoom } from './add-child.service';
import { deleteOpenInvitations, findMembership, insertInvitation, membersOf } from './repository';

/** What an invitation uses: the accounts and the mail that carries its link. */
export interface InviteDeps {
  db: Database;
  mail: MailDelivery;
  templates: MailTemplates;
}

const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60_000;
const fullName = (user: Pick<UserRow, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim();

/**
 * Why the account of an address cannot join `holderId`'s family: already in it, or in another family
 * (a member of one, or the holder of one with people in it). Null when it may join.
 */
export async function householdRefusal(db: Executor, holderId: string, account: UserRow) {
  const membership = await findMembership(db, account.id);
  if (membership?.holderId === holderId) return conflict(messages.inviteAlreadyMember);
  if (membership || (await membersOf(db, account.id)).length > 0) return invalidField('email', messages.inviteOtherHousehold);
  return null;
}

/** A new invitation (earlier ones to the address or person cancelled), with its mail, in the caller's transaction. */
async function queueInvitation(tx: Executor, templates: MailTemplates, holder: UserRow, to: { email: string; personId: string | null }) {
  const token = randomToken();
  await deleteOpenInvitations(tx, holder.id, to);
  await insertInvitation(tx, {
    holderId: holder.id,
    email: to.email,
    personId: to.personId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
  });
  return queueMailToSend(tx, templates.householdInvitation(to.email, fullName(holder), token, to.personId !== null));
}

/**
 * "Invite an adult": the holder invites a spouse or partner by e-mail. An address whose account is in
 * another family is refused, naming the reason; the place is held while the invitation is open.
 */
export async function inviteAdult(deps: InviteDeps, holderId: string, email: string) {
  if ((await holderOf(deps.db, holderId)) !== holderId) throw forbidden(messages.householdHolderOnly);
  const mail = await deps.db.transaction(async (tx) => {
    const holder = await familyWithRoom(tx, holderId);
    if (holder.email === email) throw invalidField('email', messages.inviteOwnAddress);
    const account = await findUserByEmail(tx, email);
    const refusal = account && (await householdRefusal(tx, holderId, account));
    if (refusal) throw refusal;
    return queueInvitation(tx, deps.templates, holder, { email, personId: null });
  });
  void deps.mail.send(mail);
  return { message: messages.inviteSent(email) };
}

/**
 * A child who turned 18 is invited by their guardian to create their own login: the link makes the
 * child's account theirs, with every visit and health history in it (decision 067).
 */
export async function inviteGrownChild(deps: InviteDeps, guardianId: string, personId: string, email: string) {
  if (personId === guardianId || !(await keepsRecordOf(deps.db, guardianId, personId)))
    throw invalidField('personId', messages.personNotFound);
  const child = await findUserById(deps.db, personId);
  if (!child || (ageOn(child.dob, new Date()) ?? 0) < ADULT_AGE) throw invalidField('personId', messages.inviteOnlyForAdults);
  if (await findUserByEmail(deps.db, email)) throw invalidField('email', messages.inviteNeedsNewAddress);
  const mail = await deps.db.transaction(async (tx) => {
    const holder = await lockUser(tx, await holderOf(tx, personId));
    if (!holder) throw invalidField('personId', messages.personNotFound);
    return queueInvitation(tx, deps.templates, holder, { email, personId });
  });
  void deps.mail.send(mail);
  return { message: messages.inviteSent(email) };
}
