import { desc, eq } from 'drizzle-orm';
import type { HealthHistory } from '@app/shared';
import type { Executor } from '../../db/client';
import { healthHistoryVersions } from '../../db/schema';

export type HealthHistoryVersion = typeof healthHistoryVersions.$inferSelect;

/** The patient's latest saved version, if any. */
export async function latestVersion(db: Executor, userId: string): Promise<HealthHistoryVersion | undefined> {
  const [row] = await db
    .select()
    .from(healthHistoryVersions)
    .where(eq(healthHistoryVersions.userId, userId))
    .orderBy(desc(healthHistoryVersions.id))
    .limit(1);
  return row;
}

/** Adds a version; earlier ones are kept as they were. One statement: a save is whole or absent. */
export async function insertVersion(db: Executor, userId: string, history: HealthHistory): Promise<HealthHistoryVersion> {
  const [row] = await db.insert(healthHistoryVersions).values({ userId, history }).returning();
  return row!;
}

/** One saved version: what the history said when a visit was requested. */
export async function findVersion(db: Executor, id: number): Promise<HealthHistoryVersion | undefined> {
  const [row] = await db.select().from(healthHistoryVersions).where(eq(healthHistoryVersions.id, id));
  return row;
}
