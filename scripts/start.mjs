// `npm start`: builds what is missing or out of date, then runs the built server in the foreground.
// The environment passes through unchanged (PORT defaults to 3000, DATA_DIR to ./data).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildIfNeeded, root } from './build-if-needed.mjs';

try {
  buildIfNeeded();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const port = process.env.PORT || '3000';
console.log(`[start] http://localhost:${port}${process.env.SMTP_URL ? '' : `  (dev mailbox: http://localhost:${port}/dev/mailbox)`}`);

// The server runs in a process group of its own, so a Ctrl-C reaches it once (through us) rather
// than twice (from the terminal and again from npm), and it can close its database cleanly.
const child = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/server.js')], {
  cwd: process.cwd(),
  env: process.env,
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});

let forwarded = false;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    if (forwarded) return;
    forwarded = true;
    child.kill(signal);
    // A server that does not stop within 15 s is killed.
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
  });
}
process.on('exit', () => {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

child.on('error', (error) => {
  console.error(`[start] could not start the server: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal === 'SIGINT' ? 130 : signal === 'SIGTERM' ? 143 : 1));
});
