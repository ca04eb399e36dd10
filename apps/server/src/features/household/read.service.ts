import { ADULT_AGE, ageOn, HOUSEHOLD_MAX_OTHERS, PEDIATRIC_MIN_AGE, type HouseholdAnswer, type HouseholdPerson } from '@app/shared';
import type { Executor } from '../../db/client';
import { notFound } from '../../lib/errors';
import { messages } from '@app/shared';
import { findUserById, type UserRow } from '../users';
import { holderOf } from './access.service';
import { membersOf, openInvitationsOf, type MemberWithPerson } from './repository';

/** A family membership covers its household while it is active. */
export const isFamily = (holder: Pick<UserRow, 'subscriptionPlan' | 'subscriptionStatus'>) =>
  holder.subscriptionPlan === 'familyMonthly' && holder.subscriptionStatus === 'active';

/** One person as `viewerId` sees them: a child's date of birth and age only for their guardian. */
function personAsSeenBy(
  viewerId: string,
  family: boolean,
  member: MemberWithPerson | (UserRow & { role: 'holder' }),
  now: Date,
): HouseholdPerson {
  const id = 'userId' in member ? member.userId : member.id;
  const isChild = member.role === 'child';
  const managedByYou = id === viewerId || (isChild && 'guardianId' in member && member.guardianId === viewerId);
  const age = isChild ? ageOn(member.dob, now) : null;
  const turned18 = isChild && (age ?? 0) >= ADULT_AGE;
  return {
    id,
    role: member.role,
    firstName: member.firstName,
    lastName: member.lastName,
    dob: isChild && managedByYou ? member.dob : null,
    age: isChild && managedByYou ? age : null,
    relationship: isChild && managedByYou && 'relationship' in member ? member.relationship : null,
    managedByYou,
    bookable: id === viewerId || (managedByYou && family && !turned18 && (age ?? 0) >= PEDIATRIC_MIN_AGE),
    turned18: managedByYou && turned18,
  };
}

/**
 * The signed-in person's household: the holder first, then everyone else in the order they joined.
 * Outside a family membership, a household of one.
 */
export async function readHousehold(db: Executor, userId: string, now = new Date()): Promise<HouseholdAnswer> {
  const holderId = await holderOf(db, userId);
  const holder = await findUserById(db, holderId);
  if (!holder) throw notFound(messages.notFound);
  const family = isFamily(holder);
  const [members, invitations] = await Promise.all([
    membersOf(db, holderId),
    holderId === userId ? openInvitationsOf(db, holderId, now) : [],
  ]);
  return {
    family,
    youHold: holderId === userId,
    maxOthers: HOUSEHOLD_MAX_OTHERS,
    people: [{ ...holder, role: 'holder' as const }, ...members].map((member) => personAsSeenBy(userId, family, member, now)),
    invitations: invitations.map((row) => ({ id: row.id, email: row.email, expiresAt: row.expiresAt.toISOString() })),
  };
}
