import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../app';
import { createTestConfig, testPhiKey } from './harness';
import { startInstance, type Instance } from './instances';

/**
 * For a describe block on the Postgres server: a database of its own, an in-process app on it that
 * arranges rows and reads the tables (`helper`), and `start` for server processes on the same
 * database and secrets (`running`, in the order started); all of it stopped and dropped after the block.
 */
export function useInstancesOnOnePostgres() {
  const running: Instance[] = [];
  let drop: (() => Promise<void>) | undefined;
  let env: Record<string, string> = {};
  const cluster = {
    helper: undefined as unknown as App,
    running: running as readonly Instance[],
    start: async (extra: Record<string, string> = {}) => {
      const instance = await startInstance({ ...env, ...extra });
      running.push(instance);
      return instance;
    },
  };
  beforeAll(async () => {
    const test = await createTestConfig();
    drop = test.drop;
    cluster.helper = await buildApp(test.config, { webDist: null });
    env = { DATABASE_URL: test.config.databaseUrl!, JWT_SECRET: test.config.jwtSecret, PHI_KEY: testPhiKey, DATA_DIR: test.config.dataDir };
  }, 60_000);
  afterAll(async () => {
    for (const instance of running) instance.kill();
    await cluster.helper?.close();
    await drop?.();
  });
  return cluster;
}
