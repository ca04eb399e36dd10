import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite instances are memory-heavy; two workers match the two cores.
          poolOptions: { forks: { maxForks: 2, minForks: 1 } },
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
