import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  RATE_SCALE,
  convertMinorUnits,
  fromMinorUnits,
  messages,
  toMinorUnits,
  toTimestamp,
  type AttachInput,
  type Expense,
  type ExpenseListQuery,
  type ExpensePage,
  type ExpenseUpdate,
  type UploadInitiate,
  type UploadTicket,
} from '@app/shared';
import type { Config } from '../../config';
import type { Database, Executor, Transaction } from '../../db/client';
import type { AuditChange } from '../../db/schema';
import { DomainError, invalid, invalidField, forbidden, notFound, conflict, rateLimited } from '../../lib/errors';
import type { Log } from '../../lib/logging';
import { contentMatches, MAGIC_BYTES_LENGTH, type ObjectStorage, type ReceiveRefusal } from '../../lib/storage/storage';
import { signer } from '../../lib/signing';
import { recordAudit, type Actor, type AuditRequest } from '../audit';
import { currentRate } from './exchange-rate.service';
import {
  deleteExpenseRow,
  deleteUploads,
  expenseTotals,
  findExpense,
  findUpload,
  findUploadByKey,
  insertUpload,
  lockUploadStarts,
  pageOfExpenses,
  pendingUploadsOf,
  releaseUploadsOf,
  setUploadAttached,
  unattachedUploads,
  upsertExpense,
  type ExpenseWithFile,
  type UploadRow,
} from './repository';

/** What the expenses service uses: its rows, the receipt store, a log for files left behind, and two settings. */
export interface ExpenseDeps {
  db: Database;
  storage: ObjectStorage;
  log: Log;
  /** The server secret keys the download addresses; the starting rate prices saves before an admin sets one; the cap on waiting uploads. */
  config: Pick<Config, 'jwtSecret' | 'startingInrPerUsd' | 'pendingUploadsPerAdmin'>;
}

/** Checklist row 30: an upload address lives 15 minutes; a download address as long. */
const UPLOAD_TTL_MS = 15 * 60_000;
const DOWNLOAD_TTL_MS = 15 * 60_000;
/** Uploads never attached are removed after a day (decision 020). */
const UNATTACHED_UPLOAD_KEEP_MS = 24 * 60 * 60_000;

/** The one key an upload's address reaches: the bytes wait there until attach. */
const uploadKeyOf = (upload: Pick<UploadRow, 'expenseId' | 'id'>) => `expenses/${upload.expenseId}/${upload.id}`;
/** Where attach moves them, checks them and serves them from: no upload address reaches it. */
const checkedKeyOf = (upload: Pick<UploadRow, 'expenseId' | 'id'>) => `checked/${upload.expenseId}/${upload.id}`;

const expenseNotFound = () => notFound(messages.expenseNotFound);
const fileError = (message: string) => invalidField('fileUrl', message);

// The file's address in the API is the admin route that serves it: stable, and it names no storage key.
const FILE_PATH = /^\/api\/admin\/expenses\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const fileUrlOf = (uploadId: string) => `/api/admin/expenses/uploads/${uploadId}`;
function uploadIdOf(fileUrl: string): string | null {
  if (!URL.canParse(fileUrl, 'http://localhost')) return null;
  return FILE_PATH.exec(new URL(fileUrl, 'http://localhost').pathname)?.[1] ?? null;
}

// Download addresses carry an HMAC of the upload and the expiry under a key of their own.
const downloads = (ctx: ExpenseDeps) => signer(ctx.config.jwtSecret, 'receipt download address');
const downloadSignature = (ctx: ExpenseDeps, uploadId: string, expires: number) => downloads(ctx).sign(`${uploadId}.${expires}`);

function signedDownloadUrl(ctx: ExpenseDeps, uploadId: string, now: Date): string {
  const expires = Math.floor((now.getTime() + DOWNLOAD_TTL_MS) / 1000);
  return `/api/files/${uploadId}?expires=${expires}&sig=${downloadSignature(ctx, uploadId, expires)}`;
}

/** Whether a download address is the server's own and not expired. */
export function isValidDownload(ctx: ExpenseDeps, uploadId: string, expires: number, signature: string, now = new Date()): boolean {
  return expires * 1000 >= now.getTime() && downloads(ctx).verify(`${uploadId}.${expires}`, signature);
}

/** An expense as the API shows it (docs/product.md, Data), with a fresh download address for its file. */
function toExpense(ctx: ExpenseDeps, { expense, file }: ExpenseWithFile, now: Date): Expense {
  return {
    id: expense.id,
    title: expense.title,
    description: expense.description,
    originalCurrency: expense.originalCurrency as Expense['originalCurrency'],
    originalAmount: fromMinorUnits(expense.originalAmountMinor),
    amountUsd: fromMinorUnits(expense.amountUsdCents),
    amountInr: fromMinorUnits(expense.amountInrPaise),
    exchangeRate: expense.inrPerUsdE4 / RATE_SCALE,
    spentAt: toTimestamp(expense.spentAt),
    createdAt: toTimestamp(expense.createdAt),
    updatedAt: toTimestamp(expense.updatedAt),
    createdBy: expense.createdBy,
    fileUrl: file ? fileUrlOf(file.id) : null,
    fileName: file?.fileName ?? null,
    fileContentType: file?.contentType ?? null,
    fileSize: file?.size ?? null,
    downloadUrl: file ? signedDownloadUrl(ctx, file.id, now) : null,
  };
}

// What the trail records of an expense: its stored values, not the passing download address.
const AUDITED_FIELDS = [
  'title',
  'description',
  'originalCurrency',
  'originalAmount',
  'amountUsd',
  'amountInr',
  'exchangeRate',
  'spentAt',
  'fileUrl',
  'fileName',
  'fileContentType',
  'fileSize',
] as const;

function changesBetween(before: Expense | null, after: Expense | null): AuditChange[] {
  return AUDITED_FIELDS.filter((field) => JSON.stringify(before?.[field] ?? null) !== JSON.stringify(after?.[field] ?? null)).map(
    (field) => ({
      field,
      before: before?.[field] ?? null,
      after: after?.[field] ?? null,
    }),
  );
}

/** A page of expenses and the totals of the whole filtered result, read in one snapshot. */
export async function listExpenses(ctx: ExpenseDeps, query: ExpenseListQuery): Promise<ExpensePage> {
  const { page, size, ...filter } = query;
  const now = new Date();
  return ctx.db.transaction(
    async (tx) => {
      const totals = await expenseTotals(tx, filter);
      const rows = totals.count > page * size ? await pageOfExpenses(tx, filter, page * size, size) : [];
      return {
        content: rows.map((row) => toExpense(ctx, row, now)),
        totalPages: Math.ceil(totals.count / size),
        totalElements: totals.count,
        totals: { usd: fromMinorUnits(totals.usdCents), inr: fromMinorUnits(totals.inrPaise) },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * An upload this admin started for this expense, not yet attached, whose stored object has the
 * declared size and starts with the magic bytes of the declared type. An object of another type is
 * deleted (checklist row 30); one that has not arrived yet may still arrive. The object is moved
 * away from its upload address before it is checked, so the bytes checked are the bytes served: the
 * address, valid for its 15 minutes, can still be written (S3 cannot revoke a presigned address),
 * but nothing reads what it writes. The upload is answered with the key its bytes are checked at.
 */
async function checkedUpload(
  ctx: ExpenseDeps,
  admin: Actor,
  expenseId: string,
  file: { fileUrl: string; contentType: string | null; size: number | null },
): Promise<UploadRow> {
  const uploadId = uploadIdOf(file.fileUrl);
  const upload = uploadId ? await findUpload(ctx.db, uploadId) : null;
  if (!upload || upload.attachedAt || upload.expenseId !== expenseId || upload.createdByUserId !== admin.userId)
    throw fileError(messages.uploadNotFound);
  if ((file.size !== null && file.size !== upload.size) || (file.contentType !== null && file.contentType !== upload.contentType)) {
    throw fileError(messages.uploadNotFound);
  }
  const key = checkedKeyOf(upload);
  // Moved once: bytes a save moved and checked, then could not attach (the expense was not saved yet), stay the ones checked.
  if (upload.storageKey !== key && !(await ctx.storage.stat(key))) await ctx.storage.move(upload.storageKey, key);
  const stored = await ctx.storage.stat(key);
  if (!stored) throw fileError(messages.uploadNotReceived);
  if (stored.size !== upload.size) {
    await ctx.storage.remove(key);
    throw fileError(messages.uploadNotReceived);
  }
  if (!(await contentMatches(await ctx.storage.readStart(key, MAGIC_BYTES_LENGTH), upload.contentType))) {
    await ctx.storage.remove(key);
    throw fileError(messages.receiptContentMismatch);
  }
  return { ...upload, storageKey: key };
}

/**
 * Points the expense's file at `next` inside the transaction: the upload is claimed (another save
 * cannot claim it too) and the file it replaces is released for removal after commit.
 */
async function swapFile(
  tx: Transaction,
  before: ExpenseWithFile | null,
  next: UploadRow | null,
  now: Date,
): Promise<{ file: UploadRow | null; released: UploadRow[] }> {
  if (next && before?.file?.id === next.id) return { file: next, released: [] };
  if (next) {
    const locked = await findUpload(tx, next.id, { forUpdate: true });
    if (!locked || locked.attachedAt) throw fileError(messages.uploadNotFound);
    await setUploadAttached(tx, next.id, { attachedAt: now, storageKey: next.storageKey });
  }
  const released = before?.file ? [before.file] : [];
  for (const old of released) await setUploadAttached(tx, old.id, { attachedAt: null });
  return { file: next, released };
}

/**
 * Files no expense uses any more: the objects first, then the row, so a crash in between leaves a
 * row housekeeping retries. Both keys go: the checked bytes, and whatever the address received.
 */
async function removeUploads(ctx: Pick<ExpenseDeps, 'storage' | 'log'>, db: Executor, uploads: UploadRow[]) {
  for (const upload of uploads) {
    try {
      for (const key of [uploadKeyOf(upload), checkedKeyOf(upload)]) await ctx.storage.remove(key);
      await deleteUploads(db, [upload.id]);
    } catch (error) {
      ctx.log.warn({ err: error, uploadId: upload.id }, 'receipt removal failed; housekeeping will retry');
    }
  }
}

/**
 * PUT /api/admin/expenses/{id}: creates or updates (docs/product.md, Validation). Amounts are converted at the current
 * rate and stored with it; createdBy is the signed-in admin on creation. The file fields name an
 * upload of this expense (checked before any lock is taken, as storage calls can be slow), the
 * current file (kept), or nothing (a saved file is cleared). The audit row commits with the change.
 */
export async function saveExpense(ctx: ExpenseDeps, admin: Actor, id: string, input: ExpenseUpdate, audit: AuditRequest): Promise<Expense> {
  const now = new Date();
  const current = await findExpense(ctx.db, id);
  const givenUploadId = input.file ? uploadIdOf(input.file.fileUrl) : null;
  const keepsFile = input.file !== null && givenUploadId !== null && current?.file?.id === givenUploadId;
  const newUpload = input.file && !keepsFile ? await checkedUpload(ctx, admin, id, input.file) : null;
  const { saved, released } = await ctx.db.transaction(async (tx) => {
    const before = await findExpense(tx, id, { forUpdate: true });
    // The file was replaced by another save since the check above.
    if (keepsFile && before?.file?.id !== givenUploadId) throw fileError(messages.uploadNotFound);
    const { file, released } = await swapFile(tx, before, keepsFile ? before!.file : newUpload, now);
    const rate = await currentRate(ctx, tx);
    const minor = toMinorUnits(input.originalAmount);
    const expense = await upsertExpense(tx, {
      id,
      title: input.title,
      description: input.description,
      originalCurrency: input.originalCurrency,
      originalAmountMinor: minor,
      amountUsdCents: convertMinorUnits(minor, input.originalCurrency, 'USD', rate.inrPerUsdE4),
      amountInrPaise: convertMinorUnits(minor, input.originalCurrency, 'INR', rate.inrPerUsdE4),
      inrPerUsdE4: rate.inrPerUsdE4,
      spentAt: input.spentAt ?? before?.expense.spentAt ?? now,
      createdBy: admin.email.toLowerCase(),
      updatedAt: now,
      fileUploadId: file?.id ?? null,
    });
    const saved = { expense, file };
    const changes = changesBetween(before && toExpense(ctx, before, now), toExpense(ctx, saved, now));
    await recordAudit(tx, { ...audit, status: 200, details: { expenseId: id, created: before === null, changes } });
    return { saved, released };
  });
  await removeUploads(ctx, ctx.db, released);
  return toExpense(ctx, saved, now);
}

/** POST /api/admin/expenses/{id}/attach: the checked upload becomes the saved expense's file, replacing any. */
export async function attachFile(
  ctx: ExpenseDeps,
  admin: Actor,
  id: string,
  input: Required<Pick<AttachInput, 'fileUrl' | 'contentType' | 'size'>>,
  audit: AuditRequest,
): Promise<Expense> {
  const now = new Date();
  const upload = await checkedUpload(ctx, admin, id, input);
  const { saved, released } = await ctx.db.transaction(async (tx) => {
    const before = await findExpense(tx, id, { forUpdate: true });
    if (!before) throw expenseNotFound();
    const { file, released } = await swapFile(tx, before, upload, now);
    const expense = await upsertExpense(tx, { ...before.expense, updatedAt: now, fileUploadId: file?.id ?? null });
    const saved = { expense, file };
    await recordAudit(tx, {
      ...audit,
      status: 200,
      details: { expenseId: id, changes: changesBetween(toExpense(ctx, before, now), toExpense(ctx, saved, now)) },
    });
    return { saved, released };
  });
  await removeUploads(ctx, ctx.db, released);
  return toExpense(ctx, saved, now);
}

/** DELETE /api/admin/expenses/{id}: the expense, every upload of it and their files. */
export async function deleteExpense(ctx: ExpenseDeps, id: string, audit: AuditRequest): Promise<void> {
  const now = new Date();
  const released = await ctx.db.transaction(async (tx) => {
    const before = await findExpense(tx, id, { forUpdate: true });
    if (!before) throw expenseNotFound();
    await deleteExpenseRow(tx, id);
    const released = await releaseUploadsOf(tx, id);
    await recordAudit(tx, {
      ...audit,
      status: 204,
      details: { expenseId: id, deleted: true, changes: changesBetween(toExpense(ctx, before, now), null) },
    });
    return released;
  });
  await removeUploads(ctx, ctx.db, released);
}

/**
 * POST /api/admin/expenses/upload-initiate: a storage key chosen here under the expense's prefix
 * (the file name is for display only), and an upload address bound to the type and size for 15
 * minutes (checklist row 30). An admin may have PENDING_UPLOADS_PER_ADMIN uploads waiting for
 * their file; past that, a start waits until one is attached or its address expires.
 */
export async function initiateUpload(ctx: ExpenseDeps, admin: Actor, input: UploadInitiate): Promise<UploadTicket> {
  const id = randomUUID();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + UPLOAD_TTL_MS);
  const upload = await ctx.db.transaction(async (tx) => {
    await lockUploadStarts(tx, admin.userId);
    const pending = await pendingUploadsOf(tx, admin.userId, now);
    const limit = ctx.config.pendingUploadsPerAdmin;
    if (pending.count >= limit) {
      const waitMs = (pending.firstExpiry?.getTime() ?? expiresAt.getTime()) - now.getTime();
      throw rateLimited(messages.tooManyPendingUploads(limit), Math.max(1, Math.ceil(waitMs / 1000)));
    }
    return insertUpload(tx, {
      id,
      expenseId: input.expenseId,
      storageKey: uploadKeyOf({ expenseId: input.expenseId, id }),
      fileName: input.fileName,
      contentType: input.contentType,
      size: input.size,
      createdByUserId: admin.userId,
      expiresAt,
    });
  });
  const target = await ctx.storage.createUploadTarget({
    key: upload.storageKey,
    contentType: upload.contentType,
    size: upload.size,
    expiresAt,
  });
  return { uploadUrl: target.url, fileUrl: fileUrlOf(id), headers: target.headers, expiresAt: expiresAt.toISOString() };
}

/**
 * The local driver's upload address (checklist row 30): a signature of this server that has not
 * expired, for an upload still waiting for its file, with the signed type and length. The body is
 * streamed to disk with a byte limit and kept only if its magic bytes match the type.
 */
export async function receiveLocalUpload(
  ctx: ExpenseDeps,
  query: Record<string, unknown>,
  headers: { 'content-type'?: string; 'content-length'?: string },
  body: Readable,
): Promise<void> {
  const storage = ctx.storage;
  if (storage.kind !== 'local') throw notFound(messages.notFound);
  const signed = storage.verifyUploadAddress(query, new Date());
  if (!signed) throw forbidden(messages.uploadLinkInvalid);
  const upload = await findUploadByKey(ctx.db, signed.key);
  if (!upload || upload.attachedAt || upload.contentType !== signed.contentType || upload.size !== signed.size)
    throw forbidden(messages.uploadLinkInvalid);
  if (headers['content-type']?.split(';')[0]?.trim().toLowerCase() !== signed.contentType) throw invalid(messages.receiptTypeInvalid);
  if (headers['content-length'] !== undefined && headers['content-length'] !== String(signed.size))
    throw invalid(messages.uploadNotReceived);
  const refusal = await storage.receive(signed.key, signed.contentType, signed.size, body);
  if (refusal) throw refusalError[refusal]();
}

const refusalError: Record<ReceiveRefusal, () => DomainError> = {
  'too-large': () => new DomainError('too-large', messages.receiptTooLarge),
  'too-small': () => invalid(messages.uploadNotReceived),
  'type-mismatch': () => invalid(messages.receiptContentMismatch),
  // One file per address: a second PUT cannot swap the bytes of a checked file.
  'already-uploaded': () => conflict(messages.uploadLinkInvalid),
};

/** The upload behind a file address, to stream it to an admin or a signed download. */
export async function findReceipt(ctx: ExpenseDeps, uploadId: string): Promise<UploadRow> {
  const upload = await findUpload(ctx.db, uploadId);
  if (!upload || !(await ctx.storage.stat(upload.storageKey))) throw notFound(messages.notFound);
  return upload;
}

/**
 * Housekeeping: on local disk, the partial files of uploads a killed server was receiving, once they
 * were last written longer ago than an upload address lives (S3 keeps no partial object of a PUT).
 */
export const removeInterruptedUploads = (storage: ObjectStorage, now: Date): Promise<number> =>
  storage.kind === 'local' ? storage.removeInterrupted(new Date(now.getTime() - UPLOAD_TTL_MS)) : Promise.resolve(0);

/** Housekeeping: uploads never attached within a day, and files of deleted expenses left by a crash. */
export async function removeAbandonedUploads(ctx: Pick<ExpenseDeps, 'storage' | 'log'>, db: Executor, now: Date): Promise<number> {
  const stale = await unattachedUploads(db, new Date(now.getTime() - UNATTACHED_UPLOAD_KEEP_MS), 500);
  await removeUploads(ctx, db, stale);
  return stale.length;
}
