// Makes sure the Chromium builds the browser tests drive are installed (e2e/fixtures/chromium.ts):
// Debian's chromium-headless-shell for most tests and chromium, the full browser, for the video tests,
// which need its camera and microphone capture. Playwright never downloads a browser. With
// CHROMIUM_PATH set, the tests drive that one browser instead.
import { existsSync } from 'node:fs';
import { installWithApt } from './apt.mjs';

const wanted = process.env.CHROMIUM_PATH
  ? [{ path: process.env.CHROMIUM_PATH }]
  : [
      { path: '/usr/bin/chromium-headless-shell', pkg: 'chromium-headless-shell' },
      { path: '/usr/bin/chromium', pkg: 'chromium' },
    ];
const missing = wanted.filter(({ path }) => !existsSync(path));
if (missing.length === 0) process.exit(0);

if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, which does not exist.`);
  process.exit(1);
}

const packages = missing.map(({ pkg }) => pkg);
if (installWithApt(...packages) && missing.every(({ path }) => existsSync(path))) {
  console.log(`Installed Debian's ${packages.join(' and ')}.`);
  process.exit(0);
}

console.error(
  `The browser tests need Debian's Chromium at ${missing.map(({ path }) => path).join(' and ')}. Install it with:\n\n` +
    `  sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}\n\n` +
    'or set CHROMIUM_PATH to a Chromium or Chrome executable for every browser test.',
);
process.exit(1);
