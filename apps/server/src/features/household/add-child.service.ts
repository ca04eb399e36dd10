import { randomUUID } from 'node:crypto';
import { generateCustomerId, HOUSEHOLD_MAX_OTHERS, messages, type NewChild } from '@app/shared';
import type { Database, Executor } from '../../db/client';
import { hashPassword, randomToken } from '../../lib/crypto';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { insertUser, lockUser } from '../users';
import { holderOf } from './access.service';
import { isFamily } from './read.service';
import { countPlaces, insertMember } from './repository';

/**
 * A child has no login: the account's address is one nobody can own (the reserved `.invalid` domain)
 * and its password a random one nobody knows, until the child turns 18 and takes the record into a
 * login of their own (decision 067).
 */
const DEPENDENT_DOMAIN = 'dependents.invalid';

/**
 * The holder of a family, locked until the transaction ends, when it is an active family membership
 * with room for one more: the lock makes two additions at once count one after the other.
 */
export async function familyWithRoom(tx: Executor, holderId: string) {
  const holder = await lockUser(tx, holderId);
  if (!holder) throw notFound(messages.notFound);
  if (!isFamily(holder)) throw forbidden(messages.householdFamilyOnly);
  if ((await countPlaces(tx, holderId)) >= HOUSEHOLD_MAX_OTHERS) throw conflict(messages.householdFull(HOUSEHOLD_MAX_OTHERS));
  return holder;
}

/** "Add a child": an account without a login in the family, whose guardian is the adult who added them. */
export async function addChild(db: Database, guardianId: string, child: NewChild) {
  const passwordHash = await hashPassword(randomToken());
  const added = await db.transaction(async (tx) => {
    const holder = await familyWithRoom(tx, await holderOf(tx, guardianId));
    const user = await insertUser(tx, {
      email: `${randomUUID()}@${DEPENDENT_DOMAIN}`,
      passwordHash,
      firstName: child.firstName,
      lastName: child.lastName,
      dob: child.dob,
      customerId: generateCustomerId(),
    });
    await insertMember(tx, {
      userId: user.id,
      holderId: holder.id,
      role: 'child',
      guardianId,
      relationship: child.relationship,
      sex: child.sex,
    });
    return user;
  });
  return { id: added.id, message: messages.childAdded(added.firstName) };
}
