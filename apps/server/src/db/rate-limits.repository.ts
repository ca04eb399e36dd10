import { lt } from 'drizzle-orm';
import type { Executor } from './client';
import { rateLimits } from './schema';

/** Deletes the counters of rate-limiter-flexible's Postgres store whose window has ended. */
export async function deleteExpiredLimits(db: Executor, now: Date): Promise<number> {
  const rows = await db.delete(rateLimits).where(lt(rateLimits.expire, now.getTime())).returning({ key: rateLimits.key });
  return rows.length;
}
