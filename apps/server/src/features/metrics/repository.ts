import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';

/**
 * Unsent mail, counted up to `cap` from the outbox's index of unsent rows, and how many seconds
 * ago the oldest of those was queued (0 when there is none). The cap bounds the scan however large
 * the backlog grows.
 */
export async function outboxBacklog(db: Database, cap: number): Promise<{ messages: number; oldestAgeSeconds: number }> {
  const [row] = await queryRows<{ messages: number; oldest_age: number | null }>(
    db,
    sql`SELECT count(*)::int AS messages, EXTRACT(EPOCH FROM now() - min(created_at))::float8 AS oldest_age
      FROM (SELECT created_at FROM mail_outbox WHERE sent_at IS NULL ORDER BY next_attempt_at LIMIT ${cap}) unsent`,
  );
  return { messages: row?.messages ?? 0, oldestAgeSeconds: Math.max(0, row?.oldest_age ?? 0) };
}

/** Payment attempts still pending since before `olderThan`, which reconciliation settles, counted up to `cap`. */
export async function paymentsAwaitingReconciliation(db: Database, olderThan: Date, cap: number): Promise<number> {
  const [row] = await queryRows<{ payments: number }>(
    db,
    sql`SELECT count(*)::int AS payments
      FROM (SELECT 1 FROM payments WHERE status = 'pending' AND created_at < ${olderThan.toISOString()}::timestamptz LIMIT ${cap}) stuck`,
  );
  return row?.payments ?? 0;
}
