import type { AdminHousehold } from '@app/shared';
import type { Executor } from '../../db/client';
import { findUserById } from '../users';
import { holderOf } from './access.service';
import { isFamily } from './read.service';
import { membersOf } from './repository';

/** A user's whole household for an admin: the holder first; a child shows no address (theirs is no one's). */
export async function readHouseholdAsAdmin(db: Executor, userId: string): Promise<AdminHousehold> {
  const holderId = await holderOf(db, userId);
  const [holder, members] = await Promise.all([findUserById(db, holderId), membersOf(db, holderId)]);
  return {
    family: holder ? isFamily(holder) : false,
    people: [
      ...(holder
        ? [
            {
              id: holder.id,
              role: 'holder' as const,
              firstName: holder.firstName,
              lastName: holder.lastName,
              email: holder.email,
              relationship: null,
              guardianId: null,
            },
          ]
        : []),
      ...members.map((m) => ({
        id: m.userId,
        role: m.role,
        firstName: m.firstName,
        lastName: m.lastName,
        email: m.role === 'adult' ? m.email : null,
        relationship: m.relationship,
        guardianId: m.guardianId,
      })),
    ],
  };
}
