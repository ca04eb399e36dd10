import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** Queues a notification on the channel: sent when the executor's transaction commits, at once outside one. */
export async function notify(executor: Executor, channel: string, payload: string): Promise<void> {
  await executor.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
}
