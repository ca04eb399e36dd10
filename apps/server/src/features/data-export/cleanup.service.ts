import type { Executor } from '../../db/client';
import type { ObjectStorage } from '../../lib/storage/storage';
import { deleteExport, expiredExports, exportsOf } from './repository';

type Storage = Pick<ObjectStorage, 'remove'>;

/** Removes each download's file, then its row, so that a crash between the two leaves a row to try again. */
async function removeExports(db: Executor, storage: Storage, rows: { id: string; storageKey: string | null }[]) {
  for (const row of rows) {
    if (row.storageKey) await storage.remove(row.storageKey);
    await deleteExport(db, row.id);
  }
  return rows.length;
}

/** Housekeeping: erases every archive past its expiry, with its row; answers how many. */
export const removeExpiredExports = async (deps: { storage: Storage }, db: Executor, now: Date) =>
  removeExports(db, deps.storage, await expiredExports(db, now));

/** An account's deletion: erases every download of the member. */
export const removeExportsOf = async (deps: { storage: Storage }, db: Executor, userId: string) =>
  removeExports(db, deps.storage, await exportsOf(db, userId));
