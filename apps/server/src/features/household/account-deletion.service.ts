import type { Executor } from '../../db/client';
import { childrenOf, removeDeletedAccount } from './repository';

/**
 * An account being deleted leaves the households, and answers the children it is the guardian of: their
 * accounts, which nobody signs in to, close with it, their records kept sealed like the guardian's.
 */
export async function leaveHouseholdsOnDeletion(tx: Executor, userId: string): Promise<string[]> {
  const children = await childrenOf(tx, userId);
  await removeDeletedAccount(tx, userId);
  return children;
}
