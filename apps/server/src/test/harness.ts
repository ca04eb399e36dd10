import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp, type App } from '../app';
import { loadConfig, type Config } from '../config';

/**
 * A whole server on a fresh database: in-process PGlite by default, or a private schema on the
 * Postgres server named by TEST_DATABASE_URL. Captcha and the geo check are off unless a test
 * turns them on.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<App> {
  const dataDir = mkdtempSync(join(tmpdir(), 'telehealth-test-'));
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      CAPTCHA: 'off',
      GEO_RESTRICT: 'off',
      JWT_SECRET: randomBytes(32).toString('hex'),
      ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
      ...env,
    }),
  };
  config.pgliteDir = 'memory://';
  const serverUrl = config.databaseUrl;
  const database = `test_${randomBytes(6).toString('hex')}`;
  if (serverUrl) {
    await adminQuery(serverUrl, `CREATE DATABASE "${database}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    config.databaseUrl = url.toString();
  }
  return buildApp(config, {
    webDist: null,
    onClose: async () => {
      if (serverUrl) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

/** Each test app gets a database of its own on the server, so test files can run in parallel. */
async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** JSON helpers over app.inject for readable tests. */
export function api(app: App) {
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token?: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({
      method,
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body === undefined ? {} : typeof body === 'string' ? { payload: body, headers: { 'content-type': 'application/json', ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } } : { payload: body as object }),
    });
    let json: unknown = null;
    try {
      json = response.json();
    } catch {
      json = null;
    }
    return { status: response.statusCode, body: json as Record<string, unknown>, headers: response.headers, text: response.body };
  };
  return {
    get: (url: string, token?: string) => call('GET', url, undefined, token),
    post: (url: string, body?: unknown, token?: string, headers?: Record<string, string>) => call('POST', url, body ?? {}, token, headers),
    put: (url: string, body?: unknown, token?: string) => call('PUT', url, body ?? {}, token),
    delete: (url: string, token?: string) => call('DELETE', url, undefined, token),
  };
}
