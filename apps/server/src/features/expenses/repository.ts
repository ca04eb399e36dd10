import type { ExpenseFilter } from '@app/shared';
import { and, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { exchangeRates, expenses, expenseUploads } from '../../db/schema';
import { businessTimeZone } from '../../db/sql-constants';

export type ExpenseRow = typeof expenses.$inferSelect;
export type NewExpense = typeof expenses.$inferInsert;
export type UploadRow = typeof expenseUploads.$inferSelect;
export type NewUpload = typeof expenseUploads.$inferInsert;
export type RateRow = typeof exchangeRates.$inferSelect;

/** An expense with its attached upload, if any. */
export interface ExpenseWithFile {
  expense: ExpenseRow;
  file: UploadRow | null;
}

/** A LIKE pattern matching `text` anywhere, its own % _ and \ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The filters of the Expenses tab; start and end are America/Chicago days, both included. */
function filterWhere(filter: ExpenseFilter): SQL | undefined {
  return and(
    filter.startDate ? sql`${expenses.spentAt} >= (${filter.startDate}::date::timestamp AT TIME ZONE ${businessTimeZone})` : undefined,
    filter.endDate ? sql`${expenses.spentAt} < ((${filter.endDate}::date + 1)::timestamp AT TIME ZONE ${businessTimeZone})` : undefined,
    filter.currency ? eq(expenses.originalCurrency, filter.currency) : undefined,
    filter.createdBy ? sql`${expenses.createdBy} LIKE ${containing(filter.createdBy)}` : undefined,
  );
}

const withFile = { expense: expenses, file: expenseUploads };

// Spelled as the indexes are built (DESC NULLS LAST; plain DESC means NULLS FIRST), so a page walks
// an index instead of sorting every filtered row.
const LIST_ORDER = [sql`${expenses.spentAt} DESC NULLS LAST`, sql`${expenses.id} DESC NULLS LAST`];

/**
 * The files of a page of expenses, in a query of their own: joined in the page's query, the planner
 * sorts the whole filtered table instead of walking the (spent_at, id) index for a few rows.
 */
async function attachFiles(db: Executor, rows: ExpenseRow[]): Promise<ExpenseWithFile[]> {
  const fileIds = rows.flatMap((row) => (row.fileUploadId ? [row.fileUploadId] : []));
  const files = fileIds.length ? await db.select().from(expenseUploads).where(inArray(expenseUploads.id, fileIds)) : [];
  const byId = new Map(files.map((file) => [file.id, file]));
  return rows.map((expense) => ({ expense, file: (expense.fileUploadId && byId.get(expense.fileUploadId)) || null }));
}

/** A page of the filtered expenses, most recently spent first (id breaks ties, so pages never overlap). */
export async function pageOfExpenses(db: Executor, filter: ExpenseFilter, offset: number, limit: number): Promise<ExpenseWithFile[]> {
  const rows = await db
    .select()
    .from(expenses)
    .where(filterWhere(filter))
    .orderBy(...LIST_ORDER)
    .offset(offset)
    .limit(limit);
  return attachFiles(db, rows);
}

/** The filtered expenses after the one at (spentAt, id) in list order: the CSV export reads them a batch at a time. */
export async function expensesAfter(
  db: Executor,
  filter: ExpenseFilter,
  after: { spentAt: Date; id: string } | null,
  limit: number,
): Promise<ExpenseWithFile[]> {
  const cursor = after
    ? or(lt(expenses.spentAt, after.spentAt), and(eq(expenses.spentAt, after.spentAt), lt(expenses.id, after.id)))
    : undefined;
  const rows = await db
    .select()
    .from(expenses)
    .where(and(filterWhere(filter), cursor))
    .orderBy(...LIST_ORDER)
    .limit(limit);
  return attachFiles(db, rows);
}

export interface ExpenseTotals {
  count: number;
  usdCents: number;
  inrPaise: number;
}

/** How many expenses the filter matches and their sums in both currencies. */
export async function expenseTotals(db: Executor, filter: ExpenseFilter): Promise<ExpenseTotals> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      usdCents: sql<string>`coalesce(sum(${expenses.amountUsdCents}), 0)`,
      inrPaise: sql<string>`coalesce(sum(${expenses.amountInrPaise}), 0)`,
    })
    .from(expenses)
    .where(filterWhere(filter));
  return { count: row!.count, usdCents: Number(row!.usdCents), inrPaise: Number(row!.inrPaise) };
}

/** The expense with its file; `forUpdate` locks the expense row until the transaction ends. */
export async function findExpense(db: Executor, id: string, options: { forUpdate?: boolean } = {}): Promise<ExpenseWithFile | null> {
  const query = db
    .select(withFile)
    .from(expenses)
    .leftJoin(expenseUploads, eq(expenseUploads.id, expenses.fileUploadId))
    .where(eq(expenses.id, id));
  const [row] = options.forUpdate ? await query.for('update', { of: expenses }) : await query;
  return row ?? null;
}

/** Creates the expense or replaces its editable columns; its author and creation time never change. */
export async function upsertExpense(db: Executor, values: NewExpense): Promise<ExpenseRow> {
  const { id: _id, createdBy: _createdBy, createdAt: _createdAt, ...editable } = values;
  const [row] = await db.insert(expenses).values(values).onConflictDoUpdate({ target: expenses.id, set: editable }).returning();
  return row!;
}

export async function deleteExpenseRow(db: Executor, id: string): Promise<ExpenseRow | null> {
  const [row] = await db.delete(expenses).where(eq(expenses.id, id)).returning();
  return row ?? null;
}

// Namespace of the per-admin locks on starting uploads (the second key is a hash of the admin's id).
const UPLOAD_STARTS_LOCK = 727278;

/** Holds this admin's upload starts until the transaction ends, so two at once cannot both take the last place. */
export async function lockUploadStarts(tx: Executor, userId: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${UPLOAD_STARTS_LOCK}, hashtext(${userId}))`);
}

/** How many uploads the admin has waiting for their file at `now` (not attached, address not expired), and when the first address expires. */
export async function pendingUploadsOf(db: Executor, userId: string, now: Date): Promise<{ count: number; firstExpiry: Date | null }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      firstExpiry: sql<Date | null>`min(${expenseUploads.expiresAt})`.mapWith(expenseUploads.expiresAt),
    })
    .from(expenseUploads)
    .where(and(eq(expenseUploads.createdByUserId, userId), isNull(expenseUploads.attachedAt), gt(expenseUploads.expiresAt, now)));
  return row!;
}

export async function insertUpload(db: Executor, values: NewUpload): Promise<UploadRow> {
  const [row] = await db.insert(expenseUploads).values(values).returning();
  return row!;
}

export async function findUpload(db: Executor, id: string, options: { forUpdate?: boolean } = {}): Promise<UploadRow | null> {
  const query = db.select().from(expenseUploads).where(eq(expenseUploads.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findUploadByKey(db: Executor, storageKey: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(expenseUploads).where(eq(expenseUploads.storageKey, storageKey));
  return row ?? null;
}

/** Marks the upload as the file of an expense (with the key its bytes are served from), or (null) as no one's file, for removal. */
export async function setUploadAttached(db: Executor, id: string, changes: { attachedAt: Date | null; storageKey?: string }) {
  await db.update(expenseUploads).set(changes).where(eq(expenseUploads.id, id));
}

/** Detaches every upload of an expense (which is being deleted) and returns them, for removal. */
export async function releaseUploadsOf(db: Executor, expenseId: string): Promise<UploadRow[]> {
  return db.update(expenseUploads).set({ attachedAt: null }).where(eq(expenseUploads.expenseId, expenseId)).returning();
}

export async function deleteUploads(db: Executor, ids: string[]) {
  if (ids.length > 0) await db.delete(expenseUploads).where(inArray(expenseUploads.id, ids));
}

/** Uploads no expense points at, started before `before` (oldest first). */
export async function unattachedUploads(db: Executor, before: Date, limit: number): Promise<UploadRow[]> {
  return db
    .select()
    .from(expenseUploads)
    .where(and(isNull(expenseUploads.attachedAt), lt(expenseUploads.createdAt, before)))
    .orderBy(expenseUploads.createdAt)
    .limit(limit);
}

/** The latest exchange rate set by an admin, if any. */
export async function latestRate(db: Executor): Promise<RateRow | null> {
  const [row] = await db.select().from(exchangeRates).orderBy(desc(exchangeRates.id)).limit(1);
  return row ?? null;
}

export async function insertRate(db: Executor, values: { inrPerUsdE4: number; setBy: string; effectiveFrom: Date }): Promise<RateRow> {
  const [row] = await db.insert(exchangeRates).values(values).returning();
  return row!;
}

/** Serialises rate changes, so "before" in the audit row is the rate the change replaced. */
export async function lockRates(db: Executor) {
  await db.execute(sql`LOCK TABLE ${exchangeRates} IN SHARE ROW EXCLUSIVE MODE`);
}

/** Expenses in dollar cents per America/Chicago month (YYYY-MM) of from..to (months, both included). */
export async function monthlyExpenseCents(db: Executor, from: string, to: string): Promise<Map<string, number>> {
  const rows = await queryRows<{ month: string; cents: string }>(
    db,
    sql`SELECT to_char(${expenses.spentAt} AT TIME ZONE ${businessTimeZone}, 'YYYY-MM') AS month, sum(${expenses.amountUsdCents}) AS cents
        FROM ${expenses}
        WHERE ${expenses.spentAt} >= (${`${from}-01`}::date::timestamp AT TIME ZONE ${businessTimeZone})
          AND ${expenses.spentAt} < ((${`${to}-01`}::date + interval '1 month')::timestamp AT TIME ZONE ${businessTimeZone})
        GROUP BY 1`,
  );
  return new Map(rows.map((row) => [row.month, Number(row.cents)]));
}
