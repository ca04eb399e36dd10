import { afterAll, beforeAll } from 'vitest';
import { startS3rver, type RunningS3rver } from './s3rver';

/**
 * s3rver for the describe block (see startS3rver). The env object is filled before the block's later
 * hooks run, so `useTestApp(env)` registered after this sees it.
 */
export function useS3rver(): Record<string, string> {
  const env: Record<string, string> = {};
  let running: RunningS3rver | null = null;
  beforeAll(async () => {
    running = await startS3rver();
    Object.assign(env, running.env);
  });
  afterAll(async () => {
    await running?.close();
  });
  return env;
}
