import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverFile = fileURLToPath(new URL('./server.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** Starts the real server process with these settings; resolves when it exits. */
function start(env: Record<string, string>) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = execFile(
      'npx',
      ['tsx', serverFile],
      {
        cwd: repoRoot,
        timeout: 60_000,
        env: {
          ...process.env,
          NODE_ENV: 'development',
          DATA_DIR: mkdtempSync(join(tmpdir(), 'start-')),
          PORT: '0',
          LOG_LEVEL: 'silent',
          ...env,
        },
      },
      (_error, _stdout, stderr) =>
        resolve({
          code: child.exitCode,
          stderr: stderr
            .split('\n')
            .filter((line) => line && !line.startsWith('npm warn'))
            .join('\n'),
        }),
    );
  });
}

describe('start-up with a wrong setting', () => {
  it.each([
    [{ DATABASE_URL: 'mysql://db.example/app' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/app' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'smtp://mail.example:port' }, 'SMTP_URL'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
  ])(
    '%j prints one line naming %s, without a stack, and exits non-zero',
    async (env, variable) => {
      const { code, stderr } = await start(env);
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      expect(stderr.split('\n'), stderr).toHaveLength(1);
      expect(stderr).toMatch(new RegExp(`^Invalid configuration: .*\\b${variable}\\b`));
      expect(stderr).not.toMatch(/\bat .*\.ts:\d+/);
    },
    90_000,
  );
});
