import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest sizes its one pool from the root config (a project's poolOptions are not read), and by
    // default leaves a core free: on the 2-core CI machine that ran every file one after another.
    maxWorkers: 2,
    // The server and shared tests run with --no-isolate (package.json test:server): each file builds
    // its own apps on its own databases and restores any fake clock it sets, so the files of one worker
    // share its loaded modules instead of loading the server again per file. Vitest takes isolation from
    // the command line or the root config, not from a project's own settings; the web tests keep theirs.
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // One migrated database (PGlite, or a template on the Postgres server) that every test app's database
          // starts as, and the server bundled once for the tests that start server processes.
          globalSetup: ['apps/server/src/test/migrated-template.ts', 'apps/server/src/test/server-bundle.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
