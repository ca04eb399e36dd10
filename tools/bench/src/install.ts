// Installs the bench's own dependencies (`npm ci` in tools/bench) unless they are installed already:
// npm records what it installed in node_modules/.package-lock.json, the same entries as
// package-lock.json. Runs before the bench and its check (`npm run bench`, `npm run bench:check`);
// it imports nothing that is not installed yet.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = fileURLToPath(new URL('..', import.meta.url));

interface Lock {
  packages?: Record<string, { dependencies?: Record<string, string>; devDependencies?: Record<string, string> }>;
}

/** A JSON file's content, or null when it is missing or unreadable. */
function readJson<T>(path: string): T | null {
  try {
    return JSON.parse(readFileSync(join(benchDir, path), 'utf8')) as T;
  } catch {
    return null;
  }
}

/** Whether node_modules holds exactly what package-lock.json names, and the lockfile what package.json asks for. */
function installed(): boolean {
  const manifest = readJson<{ dependencies?: Record<string, string>; devDependencies?: Record<string, string> }>('package.json');
  const { '': own, ...wanted } = readJson<Lock>('package-lock.json')?.packages ?? {};
  const present = readJson<Lock>('node_modules/.package-lock.json')?.packages;
  if (!manifest || !own || !present) return false;
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});
  if (!same(manifest.dependencies, own.dependencies) || !same(manifest.devDependencies, own.devDependencies)) return false;
  const names = Object.keys(wanted);
  return names.length === Object.keys(present).length && names.every((name) => same(wanted[name], present[name]));
}

if (!installed()) {
  console.log('[bench] installing its dependencies (npm ci in tools/bench) ...');
  const npm = spawnSync('npm', ['ci', '--prefix', benchDir, '--no-audit', '--no-fund'], { cwd: benchDir, stdio: 'inherit' });
  if (npm.status !== 0) {
    console.error(`[bench] npm ci in tools/bench failed (exit code ${npm.status ?? npm.signal})`);
    process.exit(1);
  }
}
