// Bundles the server into dist/server.js, or into the folder its first argument names (the server
// tests' own bundle, test/server-bundle.ts). Installed packages stay external (node loads them from
// node_modules at run time); the workspace packages (@app/*) are TypeScript source, so they are
// bundled. The SQL migrations are copied beside the bundle, where db/client.ts looks for them.
import { cpSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = (/** @type {string} */ path) => fileURLToPath(new URL(path, import.meta.url));
const outdir = process.argv[2] ? resolve(process.argv[2]) : here('./dist');

/** Every bare import is external unless it names a workspace package. @type {import('esbuild').Plugin} */
const externalPackages = {
  name: 'external-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@app/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });

await build({
  // The operator's scripts are bundled too, so a production image can run `node dist/phi-rotate.js`,
  // `node dist/audit-verify.js` and `node dist/backup.js create|restore <folder>`.
  entryPoints: [here('./src/server.ts'), here('./src/phi-rotate.ts'), here('./src/audit-verify.ts'), here('./src/backup.ts')],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});

cpSync(here('./src/db/migrations'), `${outdir}/migrations`, { recursive: true });
