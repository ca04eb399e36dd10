// Makes sure a Chromium for the browser tests is installed. Playwright never downloads a browser:
// the tests drive Debian's chromium (or the one CHROMIUM_PATH names).
import { existsSync } from 'node:fs';
import { installWithApt } from './apt.mjs';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const command = 'sudo apt-get update && sudo apt-get install -y chromium';

if (existsSync(path)) process.exit(0);

if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH is set to ${path}, which does not exist.`);
  process.exit(1);
}

if (installWithApt('chromium') && existsSync(path)) {
  console.log(`Chromium installed at ${path}.`);
  process.exit(0);
}

console.error(
  `The browser tests need Chromium at ${path}. Install it with:\n\n  ${command}\n\nor set CHROMIUM_PATH to a Chromium or Chrome executable.`,
);
process.exit(1);
