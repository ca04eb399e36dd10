import type { Executor } from '../../db/client';
import type { Log } from '../../lib/logging';
import type { ObjectStorage } from '../../lib/storage/storage';
import { removePatientPhotos } from '../visits';
import { accountsDueForErasure, eraseKeptRecords } from './repository';

/**
 * Housekeeping: erases the medical and payment records of accounts deleted 7 years ago, then the
 * accounts. Each in a savepoint of its own, so a record that cannot go yet (it names the account in a
 * way the erasure does not cover) is logged and left for a later run without stopping the others.
 */
export async function eraseExpiredRecords(deps: { storage: Pick<ObjectStorage, 'remove'>; log: Log }, tx: Executor, now: Date) {
  let erased = 0;
  for (const userId of await accountsDueForErasure(tx, now)) {
    try {
      await tx.transaction(async (savepoint) => {
        await removePatientPhotos(deps, savepoint, userId);
        await eraseKeptRecords(savepoint, userId);
      });
      erased += 1;
    } catch (error) {
      deps.log.error({ err: error, userId }, 'kept records could not be erased; trying again next run');
    }
  }
  return erased;
}
