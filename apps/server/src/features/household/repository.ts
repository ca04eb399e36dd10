import { and, asc, count, eq, gt, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { householdInvitations, householdMembers, users } from '../../db/schema';
import { sha256 } from '../../lib/crypto';

export type MemberRow = typeof householdMembers.$inferSelect;
export type InvitationRow = typeof householdInvitations.$inferSelect;
/** A member with the address, names and date of birth of their account. */
export type MemberWithPerson = MemberRow & { email: string; firstName: string; lastName: string; dob: string | null };

const personColumns = { email: users.email, firstName: users.firstName, lastName: users.lastName, dob: users.dob };

/** The household row of a person, if they belong to someone else's family. */
export async function findMembership(db: Executor, userId: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(householdMembers).where(eq(householdMembers.userId, userId));
  return row;
}

/** Everyone a holder's family covers besides the holder, in the order they joined. */
export async function membersOf(db: Executor, holderId: string): Promise<MemberWithPerson[]> {
  const rows = await db
    .select({ member: householdMembers, ...personColumns })
    .from(householdMembers)
    .innerJoin(users, eq(users.id, householdMembers.userId))
    .where(eq(householdMembers.holderId, holderId))
    .orderBy(asc(householdMembers.joinedAt), asc(householdMembers.userId));
  return rows.map(({ member, ...person }) => ({ ...member, ...person }));
}

export async function insertMember(db: Executor, member: typeof householdMembers.$inferInsert): Promise<MemberRow> {
  const [row] = await db.insert(householdMembers).values(member).returning();
  return row!;
}

export async function deleteMember(db: Executor, userId: string) {
  await db.delete(householdMembers).where(eq(householdMembers.userId, userId));
}

/** A child who has their own login now: an adult of the family, their guardian's care of them ended. */
export async function makeAdult(db: Executor, userId: string) {
  await db
    .update(householdMembers)
    .set({ role: 'adult', guardianId: null, relationship: null, sex: null })
    .where(eq(householdMembers.userId, userId));
}

/** Whether the person is a child whose guardian is `guardianId`. */
export async function isGuardianOf(db: Executor, guardianId: string, childId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: householdMembers.userId })
    .from(householdMembers)
    .where(and(eq(householdMembers.userId, childId), eq(householdMembers.guardianId, guardianId), eq(householdMembers.role, 'child')));
  return Boolean(row);
}

const open = (now: Date) => and(isNull(householdInvitations.acceptedAt), gt(householdInvitations.expiresAt, now));

/** The invitations of a holder not accepted and not expired. */
export function openInvitationsOf(db: Executor, holderId: string, now = new Date()): Promise<InvitationRow[]> {
  return db
    .select()
    .from(householdInvitations)
    .where(and(eq(householdInvitations.holderId, holderId), open(now)))
    .orderBy(asc(householdInvitations.createdAt));
}

/** The people a holder's family holds or has promised a place to: members and open invitations for new people. */
export async function countPlaces(db: Executor, holderId: string, now = new Date()): Promise<number> {
  const [members] = await db.select({ n: count() }).from(householdMembers).where(eq(householdMembers.holderId, holderId));
  const [invited] = await db
    .select({ n: count() })
    .from(householdInvitations)
    .where(and(eq(householdInvitations.holderId, holderId), open(now), isNull(householdInvitations.personId)));
  return (members?.n ?? 0) + (invited?.n ?? 0);
}

/** Cancels the holder's open invitations to an address, or for a person: a new one replaces them. */
export async function deleteOpenInvitations(db: Executor, holderId: string, target: { email: string; personId: string | null }) {
  await db
    .delete(householdInvitations)
    .where(
      and(
        eq(householdInvitations.holderId, holderId),
        isNull(householdInvitations.acceptedAt),
        target.personId
          ? or(eq(householdInvitations.email, target.email), eq(householdInvitations.personId, target.personId))
          : eq(householdInvitations.email, target.email),
      ),
    );
}

export async function insertInvitation(db: Executor, invitation: typeof householdInvitations.$inferInsert): Promise<InvitationRow> {
  const [row] = await db.insert(householdInvitations).values(invitation).returning();
  return row!;
}

export async function deleteInvitation(db: Executor, holderId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(householdInvitations)
    .where(and(eq(householdInvitations.id, id), eq(householdInvitations.holderId, holderId), isNull(householdInvitations.acceptedAt)))
    .returning({ id: householdInvitations.id });
  return rows.length > 0;
}

/** The open invitation a link's token names, if any. */
export async function findOpenInvitation(db: Executor, token: string, now = new Date()): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(householdInvitations)
    .where(and(eq(householdInvitations.tokenHash, sha256(token)), open(now)));
  return row;
}

/** Spends an invitation in one statement, so two acceptances of one link cannot both win. */
export async function acceptInvitationRow(db: Executor, token: string, now = new Date()): Promise<InvitationRow | undefined> {
  const [row] = await db
    .update(householdInvitations)
    .set({ acceptedAt: now })
    .where(and(eq(householdInvitations.tokenHash, sha256(token)), open(now)))
    .returning();
  return row;
}

/** An adult who leaves a family takes the children they are the guardian of: their records stay in their care. */
export async function moveChildrenTo(db: Executor, guardianId: string) {
  await db
    .update(householdMembers)
    .set({ holderId: guardianId })
    .where(and(eq(householdMembers.guardianId, guardianId), eq(householdMembers.role, 'child')));
}

/** The ids of the children a guardian keeps the record of. */
export async function childrenOf(db: Executor, guardianId: string): Promise<string[]> {
  const rows = await db
    .select({ id: householdMembers.userId })
    .from(householdMembers)
    .where(and(eq(householdMembers.guardianId, guardianId), eq(householdMembers.role, 'child')));
  return rows.map((row) => row.id);
}

/**
 * Takes a deleted account out of the households: its own place in one, the places of the children it is the
 * guardian of, the adults of the family it held (each a household of one again) and its open invitations.
 */
export async function removeDeletedAccount(tx: Executor, userId: string) {
  await tx
    .delete(householdMembers)
    .where(
      or(
        eq(householdMembers.userId, userId),
        eq(householdMembers.guardianId, userId),
        and(eq(householdMembers.holderId, userId), eq(householdMembers.role, 'adult')),
      ),
    );
  await tx.delete(householdInvitations).where(eq(householdInvitations.holderId, userId));
}
