import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The tests run the built server and web app: build whatever is missing or out of date. */
export default function globalSetup() {
  const script = fileURLToPath(new URL('../scripts/build-if-needed.mjs', import.meta.url));
  const result = spawnSync(process.execPath, [script], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('Building the site for the browser tests failed.');
}
