import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedPgliteDataDir } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated embedded database's data directory, or null when the tests use a Postgres server. */
    pgliteDataDir: string | null;
  }
}

/**
 * Global setup of the server tests: one embedded database with every migration, dumped to a file.
 * Each test app's database in memory starts as a copy of it, in about a second instead of the three
 * that initdb and the migrations take (over a hundred apps per run).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteDataDir', null);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'telehealth-pglite-'));
  const file = join(dir, 'migrated.tar.gz');
  writeFileSync(file, Buffer.from(await (await migratedPgliteDataDir()).arrayBuffer()));
  project.provide('pgliteDataDir', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
