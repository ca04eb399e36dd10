import { sql } from 'drizzle-orm';
import { queryRows, type Transaction } from './client';

/**
 * Takes a Postgres advisory lock for the rest of the transaction if no one holds it; false when
 * another instance does. It is released with the transaction, even if the instance dies.
 */
export async function tryTransactionLock(tx: Transaction, lockId: number): Promise<boolean> {
  const [row] = await queryRows<{ locked: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(${lockId}) AS locked`);
  return row?.locked === true;
}

/** Takes a Postgres advisory lock for the rest of the transaction, waiting while another instance holds it. */
export async function transactionLock(tx: Transaction, lockId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${lockId})`);
}
