// Builds the web app and the server when their output is missing or older than their sources.
// Used by `npm start`, `npm run bench` and the e2e tests; `npm run build` always rebuilds.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const at = (...parts) => join(root, ...parts);

/** The newest modification time under the given files and folders (node_modules and dist skipped). */
function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry === 'node_modules' || entry === 'dist') continue;
        visit(join(path, entry));
      }
    } else if (stat.mtimeMs > newest) {
      newest = stat.mtimeMs;
    }
  };
  paths.forEach(visit);
  return newest;
}

const shared = [at('packages/shared/src'), at('packages/shared/package.json')];

const targets = [
  {
    name: 'web',
    output: at('apps/web/dist/index.html'),
    sources: [
      at('apps/web/src'),
      at('apps/web/public'),
      at('apps/web/scripts'),
      at('apps/web/index.html'),
      at('apps/web/vite.config.ts'),
      at('apps/web/package.json'),
      ...shared,
    ],
    canBuild: () => existsSync(at('apps/web/index.html')),
  },
  {
    name: 'server',
    output: at('apps/server/dist/server.js'),
    sources: [at('apps/server/src'), at('apps/server/build.mjs'), at('apps/server/package.json'), ...shared],
    canBuild: () => true,
  },
];

function isStale(target) {
  if (!existsSync(target.output)) return true;
  return newestMtime(target.sources) > statSync(target.output).mtimeMs;
}

/** Rebuilds each stale part with `npm run build -w apps/<name>`; throws when a build fails. */
export function buildIfNeeded() {
  for (const target of targets) {
    if (!isStale(target)) continue;
    if (!target.canBuild()) {
      console.warn(`[build] apps/${target.name}/index.html is missing; skipping the ${target.name} build.`);
      continue;
    }
    console.log(`[build] building apps/${target.name} ...`);
    const result = spawnSync('npm', ['run', 'build', '--silent', '-w', `apps/${target.name}`], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`The ${target.name} build failed (exit code ${result.status ?? result.signal}).`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    buildIfNeeded();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
