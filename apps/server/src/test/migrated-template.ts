import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratedPgliteDataDir, openDatabase, PGLITE_IN_MEMORY } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated embedded database's data directory, or null when the tests use a Postgres server. */
    pgliteDataDir: string | null;
    /** On the Postgres server, a migrated database each test database is created from (`CREATE DATABASE … TEMPLATE`), or null. */
    postgresTemplate: string | null;
  }
}

/** Runs one statement on the Postgres server at `url`, on a connection of its own. */
export async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The URL of another database on the same Postgres server. */
export function databaseUrl(serverUrl: string, database: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Global setup of the server tests: one database with every migration, made once per run, which each
 * test app's database starts as instead of running initdb and the migrations. On PGlite it is a data
 * directory dumped to a file; on the Postgres server (TEST_DATABASE_URL) a template database.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `test_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `CREATE DATABASE "${template}"`);
    const migrated = await openDatabase({ databaseUrl: databaseUrl(serverUrl, template), pgliteDir: PGLITE_IN_MEMORY });
    await migrated.close();
    project.provide('pgliteDataDir', null);
    project.provide('postgresTemplate', template);
    return () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'telehealth-pglite-'));
  const file = join(dir, 'migrated.tar.gz');
  writeFileSync(file, Buffer.from(await (await migratedPgliteDataDir()).arrayBuffer()));
  project.provide('pgliteDataDir', file);
  project.provide('postgresTemplate', null);
  return () => rmSync(dir, { recursive: true, force: true });
}
