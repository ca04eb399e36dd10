import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type App } from '../app';
import { createTestConfig, testPhiKey } from './harness';
import { startInstance, type Instance } from './instances';

/**
 * For a describe block on the Postgres server: a database of its own, an in-process app on it that
 * arranges rows and reads the tables (`helper`), `start` for server processes on the same database
 * and secrets (`running`, in the order started), and `holdCharges` to keep their charges in flight;
 * all of it stopped and dropped after the block.
 */
export function useInstancesOnOnePostgres() {
  const running: Instance[] = [];
  const holds: string[] = [];
  let drop: (() => Promise<void>) | undefined;
  let env: Record<string, string> = {};
  const cluster = {
    helper: undefined as unknown as App,
    running: running as readonly Instance[],
    start: async (extra: Record<string, string> = {}) => {
      const instance = await startInstance({ ...env, ...extra }, { entry: inject('serverBundle') });
      running.push(instance);
      return instance;
    },
    /**
     * A hold on the sandbox gateway of the processes started with its `env`: each charge is recorded
     * and its answer waits until `release()`.
     */
    holdCharges: () => {
      const dir = mkdtempSync(join(tmpdir(), 'telehealth-hold-'));
      holds.push(dir);
      const file = join(dir, 'hold');
      writeFileSync(file, '');
      return { env: { SANDBOX_GATEWAY_HOLD_FILE: file }, release: () => rmSync(file, { force: true }) };
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
    for (const dir of holds) rmSync(dir, { recursive: true, force: true });
    await cluster.helper?.close();
    await drop?.();
  });
  return cluster;
}
