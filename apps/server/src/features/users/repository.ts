import { fromMinorUnitsOrNull, normalizePlanId, toCentralIso, type UserProfile } from '@app/shared';
import { eq, sql, type SQL } from 'drizzle-orm';
import { allColumns, assignments, tableRows, type Executor } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** The whole row of the user that `condition` (and what follows it, such as FOR UPDATE) finds. */
async function selectUser(db: Executor, condition: SQL): Promise<UserRow | undefined> {
  const [row] = await tableRows(db, users, sql`SELECT ${allColumns(users)} FROM users WHERE ${condition}`);
  return row;
}

export const findUserByEmail = (db: Executor, email: string) => selectUser(db, sql`email = ${email.toLowerCase()}`);

export const findUserById = (db: Executor, id: string) => selectUser(db, sql`id = ${id}`);

export async function isCustomerIdTaken(db: Executor, customerId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.customerId, customerId));
  return Boolean(row);
}

export async function insertUser(db: Executor, user: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  return row!;
}

export async function updateUser(db: Executor, id: string, changes: Partial<NewUser>): Promise<UserRow> {
  const [row] = await tableRows(
    db,
    users,
    sql`UPDATE users SET ${assignments(users, { ...changes, updatedAt: sql`now()` })} WHERE id = ${id} RETURNING ${allColumns(users)}`,
  );
  return row!;
}

/** The user, locked until the transaction ends. */
export const lockUser = (tx: Executor, id: string) => selectUser(tx, sql`id = ${id} FOR UPDATE`);

const central = (date: Date | null) => (date ? toCentralIso(date) : null);

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

/** The billing address as the API shows it; one an admin saved in part still shows, its missing parts empty. */
export function billingAddressOf(user: ProfileRow): UserProfile['billingAddress'] {
  const parts = [user.billingStreet, user.billingCity, user.billingState, user.billingZip, user.billingCountry];
  if (parts.every((part) => part === null)) return null;
  return {
    street: user.billingStreet ?? '',
    city: user.billingCity ?? '',
    state: user.billingState ?? '',
    zip: user.billingZip ?? '',
    country: user.billingCountry ?? '',
  };
}

/** The card as stored: brand, last 4, expiry and name, never more. */
export const cardDetailsOf = (user: ProfileRow): UserProfile['cardDetails'] =>
  user.cardLast4 ? { cardholderName: user.cardholderName, last4: user.cardLast4, expiry: user.cardExpiry, brand: user.cardBrand } : null;

/** The user as shown to their owner: no password hash, no internal timestamps. */
export function toProfile(user: ProfileRow): UserProfile {
  const plan = user.subscriptionPlan ? normalizePlanId(user.subscriptionPlan) : null;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: `${user.firstName} ${user.lastName}`.trim(),
    customerPhone: user.customerPhone,
    dob: user.dob,
    zip: user.zip,
    symptoms: user.symptoms,
    customerId: user.customerId,
    roles: user.roles,
    verified: user.verified,
    emailVerificationStat: user.verified ? 'verified' : 'unverified',
    subscriptionPlan: plan,
    planId: plan,
    subscriptionStatus: user.subscriptionStatus,
    subscriptionAmount: fromMinorUnitsOrNull(user.subscriptionAmountCents),
    smsPolicyAccepted: user.smsPolicyAccepted,
    submittedAt: user.submittedAt?.toISOString() ?? null,
    methodOfSubscription: user.methodOfSubscription,
    subscriptionStartDate: central(user.subscriptionStartDate),
    nextSubscriptionRenewDate: central(user.nextSubscriptionRenewDate),
    subscriptionEndDate: central(user.subscriptionEndDate),
    subscriptionCancelledDate: central(user.subscriptionCancelledDate),
    billingAddress: billingAddressOf(user),
    cardDetails: cardDetailsOf(user),
  };
}
