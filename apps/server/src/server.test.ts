import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** The environment the server starts with: these settings over the test process's own. */
const settings = (env: Record<string, string>) => ({
  ...process.env,
  NODE_ENV: 'development',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'start-')),
  PORT: '0',
  LOG_LEVEL: 'silent',
  ...env,
});

/** Starts the real server process with these settings; resolves when it exits. */
function start(env: Record<string, string>) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    // This run's bundle, with its source map, so that a stack would name the TypeScript files.
    const child = execFile(
      process.execPath,
      ['--enable-source-maps', inject('serverBundle')],
      { cwd: repoRoot, timeout: 60_000, env: settings(env) },
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

/** What the start in server.ts (its settings, then the app) fails with, run in this process. */
async function startFailure(env: Record<string, string>): Promise<unknown> {
  try {
    const app = await buildApp(loadConfig(settings(env)), { startWorkers: true });
    await app.close();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('start-up with a wrong setting', () => {
  // The settings are checked in this process, which costs no server process each; the process itself
  // is started once below, for what server.ts does with such a failure.
  it.each([
    [{ DATABASE_URL: 'mysql://db.example/app' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/app' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'smtp://mail.example:port' }, 'SMTP_URL'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
  ])('%j stops the start with one line naming %s, without a stack', async (env, variable) => {
    const error = await startFailure(env);
    // server.ts prints a ConfigError's message alone, and exits non-zero.
    expect(error).toBeInstanceOf(ConfigError);
    const { message } = error as ConfigError;
    expect(message.split('\n'), message).toHaveLength(1);
    expect(message).toMatch(new RegExp(`^Invalid configuration: .*\\b${variable}\\b`));
    expect(message).not.toMatch(/\bat .*\.ts:\d+/);
  });

  it('prints that one line, without a stack, and exits non-zero', async () => {
    // The setting that fails furthest into the start: the database is tried, and its pool closed.
    const env = { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/app' };
    const { code, stderr } = await start(env);
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(stderr.split('\n'), stderr).toHaveLength(1);
    expect(stderr).toMatch(/^Invalid configuration: .*\bDATABASE_URL\b/);
    expect(stderr).not.toMatch(/\bat .*\.ts:\d+/);
    expect(stderr).toBe(((await startFailure(env)) as ConfigError).message);
  }, 90_000);
});
