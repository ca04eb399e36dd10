import { sql } from 'drizzle-orm';
import { newestMigrationMillis, queryRows, type Database } from '../../db/client';

/** One round trip to the database. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

/**
 * When the newest migration the database has applied was generated (drizzle's own table; null before
 * any), and when the newest of this build was.
 */
export async function migrationState(db: Database): Promise<{ applied: number | null; newest: number }> {
  const [row] = await queryRows<{ applied: string | number | null }>(
    db,
    sql`SELECT max(created_at) AS applied FROM drizzle.__drizzle_migrations`,
  );
  return { applied: row?.applied == null ? null : Number(row.applied), newest: newestMigrationMillis() };
}
