import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Executor } from './client';
import { rateLimitHits } from './schema';

export async function recordHit(db: Executor, bucket: string, key: string) {
  await db.insert(rateLimitHits).values({ bucket, key });
}

/** How many hits a key has since `since`, and when the oldest of them happened. */
export async function countHits(db: Executor, bucket: string, key: string, since: Date) {
  const [row] = await db
    .select({ hits: count(), oldest: min(rateLimitHits.createdAt) })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.key, key), gt(rateLimitHits.createdAt, since)));
  return { hits: Number(row?.hits ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function clearHits(db: Executor, bucket: string, key: string) {
  await db.delete(rateLimitHits).where(and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.key, key)));
}

/** Deletes hits older than `olderThan`; returns how many. */
export async function pruneHits(db: Executor, olderThan: Date): Promise<number> {
  const rows = await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, olderThan)).returning({ id: rateLimitHits.id });
  return rows.length;
}
