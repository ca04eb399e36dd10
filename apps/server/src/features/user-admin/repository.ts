import { USER_SEARCH_COUNT_LIMIT, type PlanId, type SortDirection, type SubscriptionStatus, type UserSortField } from '@app/shared';
import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { userCounts, users } from '../../db/schema';
import type { UserRow } from '../users';

/**
 * Which users a list shows: a substring of e-mail or full name, or an exact customer id (`q`), or a substring
 * of e-mail alone (`email`); and only those with a given subscription status, plan or verified flag.
 */
export type UserFilter = { q?: string; email?: string; status?: SubscriptionStatus; plan?: PlanId; verified?: boolean };

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

/** The text search of a filter (`email` or `q`), if it has one. */
function searchOf(filter: UserFilter): SQL | undefined {
  // E-mails are stored lower-cased (a constraint holds it): the column is matched as its indexes hold it.
  const emailMatches = (text: string) => sql`${users.email} LIKE ${containing(text)}`;
  if (filter.email) return emailMatches(filter.email);
  if (!filter.q) return undefined;
  return or(
    // No address holds whitespace (EMAIL_PATTERN), so a first and last name typed together skips the
    // e-mail index, which would otherwise offer every address holding both words to be rechecked.
    /\s/.test(filter.q) ? undefined : emailMatches(filter.q),
    sql`lower(${fullName}) LIKE ${containing(filter.q)}`,
    // Customer ids are upper-case codes: the typed text upper-cased finds one through its unique index.
    eq(users.customerId, filter.q.toUpperCase()),
  );
}

function whereOf(filter: UserFilter): SQL | undefined {
  return and(
    searchOf(filter),
    filter.status === undefined ? undefined : eq(users.subscriptionStatus, filter.status),
    filter.plan === undefined ? undefined : eq(users.subscriptionPlan, filter.plan),
    filter.verified === undefined ? undefined : eq(users.verified, filter.verified),
  );
}

interface UserCounts {
  total: number;
  admins: number;
  activeSubscriptions: number;
  verified: number;
}

/** The counts of a list, or, for a search matching more than USER_SEARCH_COUNT_LIMIT users, only that it does. */
export type ListCounts = ({ capped: false } & UserCounts) | { capped: true; total: number };

const CAPPED: ListCounts = { capped: true, total: USER_SEARCH_COUNT_LIMIT };

/**
 * Every count of the filtered result in one pass, up to USER_SEARCH_COUNT_LIMIT matches (decision
 * 026); unfiltered, the row the triggers keep. Filtered by status, plan or verified alone, whether the
 * cap is passed is read first from users_filter_idx (decision 078). Runs inside a transaction.
 */
export async function countUsers(tx: Executor, filter: UserFilter): Promise<ListCounts> {
  const where = whereOf(filter);
  const searching = searchOf(filter) !== undefined;
  if (!where) {
    const slotSum = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)::int`.mapWith(Number);
    const [kept] = await tx
      .select({
        total: slotSum(userCounts.total),
        admins: slotSum(userCounts.admins),
        activeSubscriptions: slotSum(userCounts.activeSubscriptions),
        verified: slotSum(userCounts.verified),
      })
      .from(userCounts);
    return { capped: false, ...kept! };
  }
  if (!searching) {
    // An index-only scan of users_filter_idx, stopping at the first match past the cap: a few pages
    // whatever the filter, where reading table rows until 1,001 matched took up to 180 ms.
    const firstMatches = tx
      .select({ one: sql`1`.as('one') })
      .from(users)
      .where(where)
      .limit(USER_SEARCH_COUNT_LIMIT + 1)
      .as('first_matches');
    const [found] = await tx.select({ count: sql<number>`count(*)::int` }).from(firstMatches);
    if (found!.count > USER_SEARCH_COUNT_LIMIT) return CAPPED;
  }
  const matches = tx
    .select({ roles: users.roles, subscriptionStatus: users.subscriptionStatus, verified: users.verified })
    .from(users)
    .where(where)
    .limit(USER_SEARCH_COUNT_LIMIT + 1)
    .as('matches');
  // With a LIMIT the planner likes to walk an ordered index and test every row, betting that
  // matches are spread evenly; a common fragment then reads most of the table. The trigram index
  // (or, for a fragment in nearly every address, a plain scan that stops early) reads only
  // candidates, so ordered index walks are off for a search's statement. The at most 1,000 rows of
  // a filter alone are read through users_filter_idx.
  const [row] = await withPlannerSettings(tx, searching ? NO_INDEX_WALKS : {}, () =>
    tx
      .select({
        total: sql<number>`count(*)::int`,
        admins: sql<number>`(count(*) FILTER (WHERE 'ROLE_ADMIN' = ANY(${matches.roles})))::int`,
        activeSubscriptions: sql<number>`(count(*) FILTER (WHERE ${matches.subscriptionStatus} = 'active'))::int`,
        verified: sql<number>`(count(*) FILTER (WHERE ${matches.verified}))::int`,
      })
      .from(matches),
  );
  return row!.total > USER_SEARCH_COUNT_LIMIT ? CAPPED : { capped: false, ...row! };
}

type PlannerSettings = Partial<
  Record<'enable_indexscan' | 'enable_indexonlyscan' | 'enable_bitmapscan' | 'enable_seqscan' | 'max_parallel_workers_per_gather', string>
>;
const NO_INDEX_WALKS: PlannerSettings = { enable_indexscan: 'off', enable_indexonlyscan: 'off' };

/** Runs a statement of the transaction with the given planner settings, the session's own back after it. */
async function withPlannerSettings<T>(tx: Executor, settings: PlannerSettings, statement: () => Promise<T>): Promise<T> {
  const names = Object.keys(settings);
  if (names.length === 0) return statement();
  const pairs = Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`);
  await tx.execute(sql`SELECT ${sql.join(pairs, sql`, `)}`);
  const result = await statement();
  await tx.execute(sql`SELECT set_config(name, reset_val, true) FROM pg_settings WHERE name IN ${names}`);
  return result;
}

/**
 * Rows offset..offset+limit of the filtered result in the given order, id breaking ties so no page
 * repeats or skips a user. Nulls sort last ascending and first descending (Postgres's default, so
 * one index serves both directions). Past the middle the query reads from the other end (reversed
 * order, offset from the end, reversed back): the last page costs what the first does. A capped
 * count is not the result's end: such a list is read from its start, up to the cap. Runs inside a
 * transaction.
 */
export async function pageOfUsers(
  tx: Executor,
  options: { filter: UserFilter; sortBy: UserSortField; sortDir: SortDirection; offset: number; limit: number; counts: ListCounts },
): Promise<UserRow[]> {
  const { filter, sortBy, sortDir, offset, counts } = options;
  const total = counts.total;
  const limit = Math.min(options.limit, total - offset);
  if (limit <= 0) return [];
  const fromEnd = !counts.capped && offset > total / 2;
  const ascending = (sortDir === 'asc') !== fromEnd;
  const direction = ascending ? asc : desc;
  const order = [direction(sortExpressions[sortBy]), direction(users.id)];
  const where = whereOf(filter);
  // The page's ids first, then only their rows (decision 080): walking an index that holds every
  // column the walk tests (users_created_idx does for the join-date order) reads no member's row
  // until it is on the page. A filtered page is planned by its count, not by the planner's guess of
  // how many match, which for a name fragment can be off a hundredfold: up to the cap, its at most
  // 1,000 matches are found through the trigram or filter index and sorted; past it, they are common
  // enough that walking the order's index meets a page of them within a few thousand entries.
  // A walk reads a few thousand entries at most; parallel workers would take longer to start.
  const settings: PlannerSettings = !where
    ? {}
    : counts.capped
      ? { enable_bitmapscan: 'off', enable_seqscan: 'off', max_parallel_workers_per_gather: '0' }
      : NO_INDEX_WALKS;
  const pageIds = tx
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(...order)
    .offset(fromEnd ? total - offset - limit : offset)
    .limit(limit);
  const rows = await withPlannerSettings(tx, settings, () =>
    tx
      .select()
      .from(users)
      .where(inArray(users.id, pageIds))
      .orderBy(...order),
  );
  return fromEnd ? rows.reverse() : rows;
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
