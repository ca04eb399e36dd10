import type { SortDirection, UserSortField } from '@app/shared';
import { and, asc, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { userCounts, users } from '../../db/schema';
import type { UserRow } from '../users';

/** Which users a list shows: a substring of e-mail or full name (`q`), or of e-mail alone (`email`). */
export type UserFilter = { q?: string; email?: string };

// Each expression is written exactly as its index in migration 0008, so the planner can walk the index.
const fullName = sql`(${users.firstName} || ' ' || ${users.lastName})`;
const sortExpressions: Record<UserSortField, SQL | typeof users.email> = {
  default: sql`${users.createdAt}`,
  email: users.email,
  fullName,
  submittedDate: sql`coalesce(${users.submittedAt}, ${users.createdAt})`,
  subscriptionStatus: sql`${users.subscriptionStatus}`,
  subscriptionAmount: sql`${users.subscriptionAmountCents}`,
};

/** A LIKE pattern matching `text` anywhere, its own % _ and \ taken literally. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(filter: UserFilter): SQL | undefined {
  // E-mails are stored lower-cased (a constraint holds it): the column is matched as its indexes hold it.
  const emailMatches = (text: string) => sql`${users.email} LIKE ${containing(text)}`;
  if (filter.email) return emailMatches(filter.email);
  if (filter.q) return sql`(${emailMatches(filter.q)} OR lower(${fullName}) LIKE ${containing(filter.q)})`;
  return undefined;
}

export interface UserCounts {
  total: number;
  admins: number;
  activeSubscriptions: number;
  verified: number;
}

/** Every count of the filtered result in one pass; unfiltered, the row the triggers keep. */
export async function countUsers(db: Executor, filter: UserFilter): Promise<UserCounts> {
  const where = whereOf(filter);
  if (!where) {
    const [kept] = await db
      .select({ total: userCounts.total, admins: userCounts.admins, activeSubscriptions: userCounts.activeSubscriptions, verified: userCounts.verified })
      .from(userCounts);
    return kept!;
  }
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      admins: sql<number>`(count(*) FILTER (WHERE 'ROLE_ADMIN' = ANY(${users.roles})))::int`,
      activeSubscriptions: sql<number>`(count(*) FILTER (WHERE ${users.subscriptionStatus} = 'active'))::int`,
      verified: sql<number>`(count(*) FILTER (WHERE ${users.verified}))::int`,
    })
    .from(users)
    .where(where);
  return row!;
}

/**
 * Rows offset..offset+limit of the filtered result in the given order, id breaking ties so no page
 * repeats or skips a user. Nulls sort last ascending and first descending (Postgres's default, so
 * one index serves both directions). Past the middle the query reads from the other end (reversed
 * order, offset from the end, reversed back): the last page costs what the first does.
 */
export async function pageOfUsers(
  db: Executor,
  options: { filter: UserFilter; sortBy: UserSortField; sortDir: SortDirection; offset: number; limit: number; total: number },
): Promise<UserRow[]> {
  const { filter, sortBy, sortDir, offset, total } = options;
  const limit = Math.min(options.limit, total - offset);
  if (limit <= 0) return [];
  const fromEnd = offset > total / 2;
  const ascending = (sortDir === 'asc') !== fromEnd;
  const direction = ascending ? asc : desc;
  const rows = await db
    .select()
    .from(users)
    .where(whereOf(filter))
    .orderBy(direction(sortExpressions[sortBy]), direction(users.id))
    .offset(fromEnd ? total - offset - limit : offset)
    .limit(limit);
  return fromEnd ? rows.reverse() : rows;
}

/** The user, locked until the transaction ends. */
export async function lockUser(tx: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/**
 * The ids of every enabled admin, locked until the transaction ends: two demotions at once wait for
 * each other, so the second sees the first and the last admin stays.
 */
export async function lockAdmins(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`'ROLE_ADMIN' = ANY(${users.roles})`, isNull(users.disabledAt)))
    .orderBy(users.id)
    .for('update');
  return rows.map((row) => row.id);
}

export async function isEmailTakenByAnother(db: Executor, email: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, id)));
  return Boolean(row);
}
