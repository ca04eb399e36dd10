import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types, type ParserOptions, type QueryOptions, type Transaction as PgliteTransaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { getTableColumns, is, SQL, sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgColumn, PgDatabase, PgQueryResultHKT, PgTable, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { ConfigError, type Config } from '../config';
import * as schema from './schema';
import { grantServerRole } from './server-role';

type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or a transaction in progress. */
export type Executor = Database | Transaction;

/**
 * `sessionDb` is the database the session check runs on (see `AppContext.sessionDb`): on the
 * Postgres server its own pool, whose connections keep one generic plan per prepared statement; on
 * PGlite `db` itself.
 */
export type DatabaseHandle =
  // The embedded database's own client carries the live updates' notifications (lib/live/bus.ts).
  | { db: Database; sessionDb: Database; kind: 'pglite'; client: PGlite; close(): Promise<void> }
  // The pool is shared with what needs plain SQL outside Drizzle: the rate limiter's store.
  | { db: Database; sessionDb: Database; kind: 'postgres'; pool: pg.Pool; sessionPool: pg.Pool; close(): Promise<void> };

// In the source tree the migrations sit beside this file; the server build copies them beside its bundle.
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

let newestMigration: number | undefined;
/** When the newest migration of this build was generated (drizzle-kit's journal): the migrator records it as applied. */
export function newestMigrationMillis(): number {
  newestMigration ??= Math.max(
    ...(JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] }).entries.map(
      (entry) => entry.when,
    ),
  );
  return newestMigration;
}

/** Start-up names the setting to fix, without the URL's password or a stack. */
function unreachable(databaseUrl: string, error: unknown, variable = 'DATABASE_URL'): ConfigError {
  const { hostname, port } = new URL(databaseUrl);
  // Connecting to "localhost" fails with an AggregateError whose message is empty; its code says why.
  const reason = (error instanceof Error && error.message.split('\n')[0]) || (error as { code?: string }).code || 'no answer';
  return new ConfigError(`Invalid configuration: ${variable}: cannot connect to ${hostname}:${port || 5432} (${reason})`);
}

/** How many distinct statement texts a process prepares; a few statements vary with their argument count. */
const MAX_PREPARED_TEXTS = 500;
const preparedNames = new Map<string, string>();

/** The name a parameterized statement is prepared under: the same for the same text, none past the cap. */
function preparedName(text: string): string | undefined {
  let name = preparedNames.get(text);
  if (name === undefined && preparedNames.size < MAX_PREPARED_TEXTS) {
    name = `s${preparedNames.size}`;
    preparedNames.set(text, name);
  }
  return name;
}

/**
 * A connection that prepares each parameterized statement once and then only binds it (decision
 * 033): Postgres stops parsing and analysing the same text on every run, which was a fifth of its
 * time per checkout. Statements without parameters (migrations, BEGIN, COMMIT) stay as they are:
 * a prepared statement may hold only one command.
 */
class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [config, values] = args;
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
    const hasParameters = (Array.isArray(values) && values.length > 0) || Array.isArray((config as { values?: unknown } | null)?.values);
    // Drizzle's own prepared statements come named; a Query or Cursor object submits itself.
    const alreadyNamed =
      typeof config === 'object' && config !== null && (Boolean((config as { name?: unknown }).name) || 'submit' in config);
    if (typeof text === 'string' && hasParameters && !alreadyNamed) {
      const name = preparedName(text);
      if (name) args[0] = typeof config === 'string' ? { text, name } : { ...(config as object), name };
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

/**
 * The text parsers Drizzle gives every PGlite query: dates, times and intervals stay text, and its
 * columns map them. PGlite merges a query's own parsers into its 300-odd defaults for every result
 * (an object spread, most of the database's JavaScript time on `/api/users/me`: decision 035). The database is opened with these as its defaults instead, and
 * `drizzleClient` stops passing them per query; a test holds this list to Drizzle's.
 */
const keepText = (value: string) => value;
export const drizzleParsers: ParserOptions = {
  [types.TIMESTAMP]: keepText,
  [types.TIMESTAMPTZ]: keepText,
  [types.INTERVAL]: keepText,
  [types.DATE]: keepText,
  // numeric[], timestamp[], timestamptz[], interval[], date[]
  1231: keepText,
  1115: keepText,
  1185: keepText,
  1187: keepText,
  1182: keepText,
};

/** A query function that leaves out a query's own parsers: the database already has them. */
function withoutOwnParsers(query: PGlite['query']): PGlite['query'] {
  return (text, params, options?: QueryOptions) => {
    if (!options?.parsers) return query(text, params, options);
    const { parsers: _dropped, ...rest } = options;
    return query(text, params, rest);
  };
}

/**
 * The client Drizzle sees. Drizzle calls `query` on it and `transaction`, and in a transaction only
 * `query` (nested transactions are savepoints run through that same `query`).
 */
function drizzleClient(client: PGlite): PGlite {
  const adapted: Pick<PGlite, 'query' | 'transaction'> = {
    query: withoutOwnParsers(client.query.bind(client)),
    transaction: (callback) =>
      client.transaction((tx) =>
        callback({ query: withoutOwnParsers(tx.query.bind(tx)) } as Partial<PgliteTransaction> as PgliteTransaction),
      ),
  };
  return adapted as Partial<PGlite> as PGlite;
}

/**
 * Opens the database the configuration names and brings its schema up to date. `startFrom` is a
 * data directory (see `migratedPgliteDataDir`) for an embedded database in memory to begin as,
 * instead of running initdb: most of the 3 s it takes to open one.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'pgliteDir'> & Partial<Pick<Config, 'migrationDatabaseUrl'>>,
  startFrom?: Blob,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const openPool = (planCacheMode: 'force_custom_plan' | 'force_generic_plan') => {
      const opened = new pg.Pool({
        connectionString: config.databaseUrl,
        max: 10,
        // A server that never answers fails the start (or a query) after 10 s instead of hanging it.
        connectionTimeoutMillis: 10_000,
        Client: PreparingClient,
        options: `-c plan_cache_mode=${planCacheMode}`,
      });
      // An idle connection the server drops (restart, failover) must not crash the process: the pool
      // replaces it, and the next query gets a fresh one.
      opened.on('error', (error) => console.error(`Postgres connection lost: ${error.message}`));
      return opened;
    };
    // Prepared statements are still planned with each run's values, as unnamed ones were: a generic
    // plan cannot see a search pattern's selectivity or an array's length (decision 033).
    const pool = openPool('force_custom_plan');
    // The session check, a lookup by primary keys on every signed-in request, is planned once per
    // connection: its plan never depends on the values, and planning it was most of its cost (decision 041).
    const sessionPool = openPool('force_generic_plan');
    const close = () => Promise.all([pool.end(), sessionPool.end()]).then(() => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    // Several instances may start at once: one migrates, the others wait for it. With
    // MIGRATION_DATABASE_URL the tables' owner migrates and grants the server's role its rights.
    const ownerPool = config.migrationDatabaseUrl
      ? new pg.Pool({ connectionString: config.migrationDatabaseUrl, max: 1, connectionTimeoutMillis: 10_000 })
      : null;
    try {
      const serverRole = ownerPool
        ? await queryRows<{ role: string }>(db, sql`SELECT current_user AS role`).then(
            ([row]) => row!.role,
            (error: unknown) => {
              throw unreachable(config.databaseUrl!, error);
            },
          )
        : null;
      const lock = await (ownerPool ?? pool).connect().catch((error: unknown) => {
        throw ownerPool
          ? unreachable(config.migrationDatabaseUrl!, error, 'MIGRATION_DATABASE_URL')
          : unreachable(config.databaseUrl!, error);
      });
      try {
        await lock.query('SELECT pg_advisory_lock(727274)');
        await migratePg(drizzlePg(lock, { schema }), { migrationsFolder });
        if (serverRole) await grantServerRole(lock, serverRole);
      } finally {
        await lock.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
        lock.release();
      }
    } catch (error) {
      await close();
      throw error;
    } finally {
      await ownerPool?.end();
    }
    return { db, sessionDb: drizzlePg(sessionPool, { schema }) as unknown as Database, kind: 'postgres', pool, sessionPool, close };
  }
  // A data directory on disk is the server's own: only a database in memory starts from a copy.
  const loadDataDir = config.pgliteDir === PGLITE_IN_MEMORY ? startFrom : undefined;
  const { client, db } = await openPglite(config.pgliteDir, loadDataDir);
  return { db, sessionDb: db, kind: 'pglite', client, close: () => client.close() };
}

/** The PGlite location of a throw-away database held in memory. */
export const PGLITE_IN_MEMORY = 'memory://';

async function openPglite(dataDir: string, loadDataDir?: Blob) {
  // pg_trgm backs the admin list's substring search (migration 0008 creates the extension).
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, parsers: drizzleParsers, loadDataDir });
  const db = drizzlePglite(drizzleClient(client), { schema });
  await migratePglite(db, { migrationsFolder });
  return { client, db: db as unknown as Database };
}

/** A new embedded database with every migration applied, as a data directory others can start from (the tests' one copy). */
export async function migratedPgliteDataDir(): Promise<Blob> {
  const { client } = await openPglite(PGLITE_IN_MEMORY);
  try {
    return await client.dumpDataDir('gzip');
  } finally {
    await client.close();
  }
}

/** Rows of a raw SQL query; node-postgres and PGlite both answer with `rows`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

/**
 * `column = value, …` for an UPDATE written as SQL text (the checkout's settlement, one statement of
 * several parts: decision 030; the outbox's sent mark): each value goes through its column's mapping
 * (health data is sealed as everywhere else), SQL is kept as written, undefined is left out, as
 * Drizzle's `set` does.
 */
export function assignments<T extends PgTable>(table: T, values: { [K in keyof T['$inferInsert']]?: T['$inferInsert'][K] | SQL }): SQL {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const set = Object.entries(values as Record<string, unknown>)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => {
      const column = columns[key];
      if (!column) throw new Error(`${key} is not a column`);
      return sql`${sql.identifier(column.name)} = ${is(value, SQL) ? value : sql.param(value, column)}`;
    });
  return sql.join(set, sql`, `);
}
