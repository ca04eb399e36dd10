import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';

const TEST_BUCKET = 'receipts';

/**
 * A real S3-compatible server (s3rver) on 127.0.0.1 for the describe block, and the settings that
 * point the server's S3 driver at it. The env object is filled before the block's later hooks run,
 * so `useTestApp(env)` registered after this sees it.
 */
export function useS3rver(): Record<string, string> {
  const env: Record<string, string> = {};
  let server: S3rver | null = null;
  let directory = '';
  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'telehealth-s3-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: TEST_BUCKET, configs: [] }] });
    const { port } = await server.run();
    Object.assign(env, {
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_BUCKET: TEST_BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(directory, { recursive: true, force: true });
  });
  return env;
}
