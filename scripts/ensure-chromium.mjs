// Makes sure a Chromium for the browser tests is installed. Playwright never downloads a browser:
// the tests drive Debian's chromium (or the one CHROMIUM_PATH names).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const command = 'sudo apt-get update && sudo apt-get install -y chromium';

if (existsSync(path)) process.exit(0);

if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH is set to ${path}, which does not exist.`);
  process.exit(1);
}

const hasAptGet = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

if (isRoot && hasAptGet) {
  console.log("Chromium is missing: installing Debian's chromium with apt-get ...");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
  if (run(['update']) && run(['install', '-y', 'chromium']) && existsSync(path)) {
    console.log(`Chromium installed at ${path}.`);
    process.exit(0);
  }
  console.error('Installing chromium with apt-get failed.');
}

console.error(
  `The browser tests need Chromium at ${path}. Install it with:\n\n  ${command}\n\nor set CHROMIUM_PATH to a Chromium or Chrome executable.`,
);
process.exit(1);
