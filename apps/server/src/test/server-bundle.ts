import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server bundled from this run's sources: the script the tests' server processes run. */
    serverBundle: string;
  }
}

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Global setup of the server tests: the server bundled once per run, as `npm run build` bundles it, for
 * the tests that start server processes (several instances on one database, a stop by signal, a failed
 * start): no process compiles the sources again, and the bundle is this run's code, never an older
 * build. It is written under the server's node_modules, from where it finds the installed packages as
 * dist/server.js does; each run (CI runs two at once) has a folder of its own.
 */
export default function setup(project: TestProject) {
  const cache = join(serverRoot, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'server-tests-'));
  execFileSync(process.execPath, [join(serverRoot, 'build.mjs'), dir], { stdio: 'inherit' });
  project.provide('serverBundle', join(dir, 'server.js'));
  return () => rmSync(dir, { recursive: true, force: true });
}
