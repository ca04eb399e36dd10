// Makes sure coturn's turnserver is installed for the browser test of a call forced through a TURN
// relay. Without it that test is skipped (and says why); in CI it is required.
import { existsSync } from 'node:fs';
import { installWithApt } from './apt.mjs';

const path = '/usr/bin/turnserver';

if (existsSync(path)) process.exit(0);
if (installWithApt('coturn') && existsSync(path)) {
  console.log(`coturn installed at ${path}.`);
  process.exit(0);
}
const advice = `The video relay test needs coturn at ${path}. Install it with:\n\n  sudo apt-get update && sudo apt-get install -y coturn\n`;
if (process.env.CI) {
  console.error(advice);
  process.exit(1);
}
console.warn(`${advice}\nWithout it, that test is skipped.`);
