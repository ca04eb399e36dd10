import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATED_DATA_DIR_ENV, startSiteIn } from './fixtures/site';

/**
 * The tests run the built server and web app: build whatever is missing or out of date. Then start the
 * server once on an empty data directory, so that it creates and migrates its database there, and
 * hand that directory to the tests' servers to start from (fixtures/site.ts).
 */
export default async function globalSetup() {
  const script = fileURLToPath(new URL('../scripts/build-if-needed.mjs', import.meta.url));
  const result = spawnSync(process.execPath, [script], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('Building the site for the browser tests failed.');

  const dataDir = mkdtempSync(join(tmpdir(), 'telehealth-e2e-migrated-'));
  const site = await startSiteIn(dataDir);
  await site.stop();
  process.env[MIGRATED_DATA_DIR_ENV] = dataDir;
  return () => rmSync(dataDir, { recursive: true, force: true });
}
