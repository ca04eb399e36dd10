import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config } from '../config';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or a transaction in progress. */
export type Executor = Database | Transaction;

export type DatabaseHandle =
  | { db: Database; kind: 'pglite'; close(): Promise<void> }
  // The pool is shared with what needs plain SQL outside Drizzle: the rate limiter's store.
  | { db: Database; kind: 'postgres'; pool: pg.Pool; close(): Promise<void> };

// In the source tree the migrations sit beside this file; the server build copies them beside its bundle.
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Opens the database the configuration names and brings its schema up to date. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'pgliteDir'>): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle connection the server drops (restart, failover) must not crash the process: the pool
    // replaces it, and the next query gets a fresh one.
    pool.on('error', (error) => console.error(`Postgres connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    // Several instances may start at once: one migrates, the others wait for it.
    const lock = await pool.connect();
    try {
      await lock.query('SELECT pg_advisory_lock(727274)');
      await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
    } finally {
      await lock.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
      lock.release();
    }
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  const client = await PGlite.create(config.pgliteDir);
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder });
  return { db: pgliteDb as unknown as Database, kind: 'pglite', close: () => client.close() };
}
