import { eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { phoneIndexOf } from '../../db/phone-index';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** The whole row of the user that `condition` finds; with `lock`, locked until the transaction ends. */
async function selectUser(db: Executor, condition: SQL, lock?: 'update'): Promise<UserRow | undefined> {
  const query = db.select().from(users).where(condition);
  const [row] = await (lock ? query.for(lock) : query);
  return row;
}

export const findUserByEmail = (db: Executor, email: string) => selectUser(db, eq(users.email, email.toLowerCase()));

export const findUserById = (db: Executor, id: string) => selectUser(db, eq(users.id, id));

export async function isCustomerIdTaken(db: Executor, customerId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.customerId, customerId));
  return Boolean(row);
}

/** The changes with the phone's lookup hash beside a new phone, so every write of one keeps the two together. */
const withPhoneIndex = <T extends Partial<NewUser>>(changes: T): T =>
  'customerPhone' in changes ? { ...changes, phoneIndex: phoneIndexOf(changes.customerPhone) } : changes;

export async function insertUser(db: Executor, user: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(withPhoneIndex(user)).returning();
  return row!;
}

export async function updateUser(db: Executor, id: string, changes: Partial<NewUser>): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...withPhoneIndex(changes), updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

/** Whether any account holds the admin role, enabled or not. */
export async function hasAdmin(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`'ROLE_ADMIN' = ANY(${users.roles})`)
    .limit(1);
  return Boolean(row);
}

/** The user, locked until the transaction ends. */
export const lockUser = (tx: Executor, id: string) => selectUser(tx, eq(users.id, id), 'update');

/** The columns the profile shows: what a profile read fetches with the session, without the password hash or internal fields. */
const PROFILE_KEYS = [
  'id',
  'email',
  'firstName',
  'lastName',
  'customerPhone',
  'dob',
  'zip',
  'symptoms',
  'customerId',
  'roles',
  'verified',
  'subscriptionPlan',
  'subscriptionStatus',
  'subscriptionAmountCents',
  'smsPolicyAccepted',
  'submittedAt',
  'methodOfSubscription',
  'subscriptionStartDate',
  'nextSubscriptionRenewDate',
  'subscriptionEndDate',
  'subscriptionCancelledDate',
  'billingStreet',
  'billingCity',
  'billingState',
  'billingZip',
  'billingCountry',
  'cardholderName',
  'cardLast4',
  'cardExpiry',
  'cardBrand',
] as const satisfies readonly (keyof UserRow)[];
type ProfileKey = (typeof PROFILE_KEYS)[number];
export type ProfileRow = Pick<UserRow, ProfileKey>;
/** The profile's columns, for a select. */
export const profileColumns = Object.fromEntries(PROFILE_KEYS.map((key) => [key, users[key]])) as { [K in ProfileKey]: (typeof users)[K] };
