import { ADULT_AGE, ageOn, messages, PEDIATRIC_MIN_AGE, type VisitService } from '@app/shared';
import type { Executor } from '../../db/client';
import { invalidField } from '../../lib/errors';
import { findUserById, type UserRow } from '../users';
import { childrenOf, findMembership, isGuardianOf, membersOf } from './repository';

/** The member holding the family a person belongs to: themselves outside a family (a household of one). */
export async function holderOf(db: Executor, userId: string): Promise<string> {
  return (await findMembership(db, userId))?.holderId ?? userId;
}

/** The account whose membership covers a person's care: the family's holder, or the person alone. */
export async function coveringAccountOf(db: Executor, patient: UserRow): Promise<UserRow> {
  const holderId = await holderOf(db, patient.id);
  return holderId === patient.id ? patient : ((await findUserById(db, holderId)) ?? patient);
}

/**
 * Whether `userId` keeps the record of `personId`: their own, or a child's they are the guardian of.
 * Nobody else in the household sees a person's visits or health history.
 */
export async function keepsRecordOf(db: Executor, userId: string, personId: string): Promise<boolean> {
  return userId === personId || isGuardianOf(db, userId, personId);
}

/** Everyone whose record `userId` keeps: themselves and the children they are the guardian of. */
export async function peopleInCareOf(db: Executor, userId: string): Promise<string[]> {
  return [userId, ...(await childrenOf(db, userId))];
}

/**
 * The patient of a visit a signed-in person requests "for" someone: themselves, or a child they are
 * the guardian of, aged 2 to 17, for pediatric care. Anything else is refused naming the field.
 */
export async function patientForVisit(
  db: Executor,
  requesterId: string,
  request: { patientId?: string | undefined; service: VisitService },
): Promise<UserRow | undefined> {
  const patientId = request.patientId ?? requesterId;
  if (patientId === requesterId) return findUserById(db, requesterId);
  if (!(await isGuardianOf(db, requesterId, patientId))) throw invalidField('patientId', messages.personNotFound);
  const child = await findUserById(db, patientId);
  if (!child) throw invalidField('patientId', messages.personNotFound);
  const age = ageOn(child.dob, new Date()) ?? 0;
  if (age >= ADULT_AGE) throw invalidField('patientId', messages.visitChildIs18(child.firstName));
  if (age < PEDIATRIC_MIN_AGE) throw invalidField('patientId', messages.pediatricAgeRange);
  if (request.service !== 'pediatric-care') throw invalidField('service', messages.childVisitIsPediatric);
  return child;
}

/**
 * Who would lose the family's coverage if its membership became an Individual one: everyone in it
 * but the holder. The plan change shows their names before it is confirmed.
 */
export async function peopleLosingCoverage(db: Executor, holderId: string) {
  const members = await membersOf(db, holderId);
  return { people: members.map(({ userId, firstName, lastName }) => ({ id: userId, firstName, lastName })) };
}
