import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { expenseListQuerySchema, expenseUpdateSchema, messages, type ExpenseUpdateInput } from '@app/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { exchangeRates, expenseUploads } from '../../db/schema';
import type { Log } from '../../lib/logging';
import { createLocalStorage } from '../../lib/storage/local';
import { useTestDatabase } from '../../test/harness';
import {
  attachFile,
  deleteExpense,
  findReceipt,
  initiateUpload,
  isValidDownload,
  listExpenses,
  receiveLocalUpload,
  removeAbandonedUploads,
  saveExpense,
  type ExpenseDeps,
} from './service';

const DAY_MS = 24 * 60 * 60_000;

/** A log that keeps its lines for the test to read. */
function keptLog(): Log & { lines: { level: string; details: object; message: string }[] } {
  const lines: { level: string; details: object; message: string }[] = [];
  const at = (level: string) => (details: object, message: string) => void lines.push({ level, details, message });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

/** An admin of their own per test, so each test lists only its own expenses. */
const newAdmin = () => ({ userId: randomUUID(), email: `books.${randomUUID()}@example.com` });
const auditOf = (admin: { userId: string }, action: string) => ({
  at: new Date(),
  actorUserId: admin.userId,
  actorRole: 'ROLE_ADMIN',
  action,
  subjectUserId: null,
  ip: '127.0.0.1',
});
const update = (input: ExpenseUpdateInput) => expenseUpdateSchema.parse(input);

const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('expenses service built from its ports alone: a migrated database, receipts on local disk and a log', () => {
  const database = useTestDatabase();
  const secret = randomBytes(32).toString('hex');
  const log = keptLog();
  let deps: ExpenseDeps;
  beforeAll(() => {
    deps = {
      db: database.db,
      storage: createLocalStorage(database.config.dataDir, secret),
      log,
      config: { jwtSecret: secret, startingInrPerUsd: 80, pendingUploadsPerAdmin: 20 },
    };
  });
  const pathOf = (storageKey: string) => join(database.config.dataDir, 'receipts', storageKey);

  /** An expense saved with `bytes` uploaded for it as the browser would send them (not attached yet). */
  async function uploaded(admin: { userId: string; email: string }, bytes: Buffer) {
    const expenseId = randomUUID();
    await saveExpense(deps, admin, expenseId, update({ title: 'Otoscope' }), auditOf(admin, 'PUT /api/admin/expenses/:expenseId'));
    const ticket = await initiateUpload(deps, admin, {
      expenseId,
      fileName: 'receipt.pdf',
      contentType: 'application/pdf',
      size: bytes.length,
    });
    const address = new URL(ticket.uploadUrl, 'http://localhost');
    const query = Object.fromEntries(address.searchParams);
    await receiveLocalUpload(
      deps,
      { ...query, size: Number(query.size), expires: Number(query.expires) },
      { 'content-type': 'application/pdf', 'content-length': String(bytes.length) },
      Readable.from([bytes]),
    );
    const [row] = await database.db.select().from(expenseUploads).where(eq(expenseUploads.expenseId, expenseId));
    return { expenseId, ticket, upload: row! };
  }

  it('prices a save at the configured starting rate until a rate row exists, then at that row, and lists both with their totals', async () => {
    const admin = newAdmin();
    const save = (input: ExpenseUpdateInput) =>
      saveExpense(deps, admin, randomUUID(), update(input), auditOf(admin, 'PUT /api/admin/expenses/:expenseId'));

    const before = await save({ title: 'Gloves', originalCurrency: 'USD', originalAmount: 10, spentAt: '2026-03-02T15:00:00Z' });
    expect(before).toMatchObject({ exchangeRate: 80, amountUsd: 10, amountInr: 800, createdBy: admin.email });
    await database.db.insert(exchangeRates).values({ inrPerUsdE4: 850_000, setBy: admin.email });
    const after = await save({ title: 'Masks', originalCurrency: 'INR', originalAmount: 170, spentAt: '2026-03-03T15:00:00Z' });
    expect(after).toMatchObject({ exchangeRate: 85, amountUsd: 2, amountInr: 170 });

    const page = await listExpenses(deps, expenseListQuerySchema.parse({ createdBy: admin.email }));
    expect(page.content.map((expense) => expense.title)).toEqual(['Masks', 'Gloves']);
    expect(page.totals).toEqual({ usd: 12, inr: 970 });
  });

  it('keeps a received receipt on disk, serves it by its signed address once attached, and removes it with the expense', async () => {
    const admin = newAdmin();
    const { expenseId, ticket, upload } = await uploaded(admin, pdf);
    expect(existsSync(pathOf(upload.storageKey))).toBe(true);

    const audit = auditOf(admin, 'POST /api/admin/expenses/:expenseId/attach');
    const expense = await attachFile(
      deps,
      admin,
      expenseId,
      { fileUrl: ticket.fileUrl, contentType: 'application/pdf', size: pdf.length },
      audit,
    );
    const download = new URL(expense.downloadUrl!, 'http://localhost');
    expect(isValidDownload(deps, upload.id, Number(download.searchParams.get('expires')), download.searchParams.get('sig')!)).toBe(true);
    expect(isValidDownload(deps, upload.id, Number(download.searchParams.get('expires')), 'forged')).toBe(false);
    const served = (await findReceipt(deps, upload.id)).storageKey;
    expect(await text(await deps.storage.openRead(served))).toBe(pdf.toString());

    await deleteExpense(deps, expenseId, auditOf(admin, 'DELETE /api/admin/expenses/:expenseId'));
    expect(existsSync(pathOf(served))).toBe(false);
    await expect(findReceipt(deps, upload.id)).rejects.toMatchObject({ kind: 'not-found', message: messages.notFound });
  });

  it('logs a receipt the store failed to remove and keeps its row, which the housekeeping clean-up removes a day later', async () => {
    const admin = newAdmin();
    const { expenseId, ticket, upload } = await uploaded(admin, pdf);
    const audit = auditOf(admin, 'POST /api/admin/expenses/:expenseId/attach');
    await attachFile(deps, admin, expenseId, { fileUrl: ticket.fileUrl, contentType: 'application/pdf', size: pdf.length }, audit);
    const served = (await findReceipt(deps, upload.id)).storageKey;

    const failingStore = { ...deps.storage, remove: () => Promise.reject(new Error('disk unavailable')) };
    await deleteExpense({ ...deps, storage: failingStore }, expenseId, auditOf(admin, 'DELETE /api/admin/expenses/:expenseId'));
    expect(log.lines).toContainEqual({
      level: 'warn',
      details: expect.objectContaining({ uploadId: upload.id }) as object,
      message: 'receipt removal failed; housekeeping will retry',
    });
    expect(existsSync(pathOf(served))).toBe(true);
    expect(await database.db.select().from(expenseUploads).where(eq(expenseUploads.id, upload.id))).toHaveLength(1);

    expect(await removeAbandonedUploads(deps, database.db, new Date(Date.now() + DAY_MS + 60_000))).toBe(1);
    expect(existsSync(pathOf(served))).toBe(false);
    expect(await database.db.select().from(expenseUploads).where(eq(expenseUploads.id, upload.id))).toEqual([]);
  });
});
