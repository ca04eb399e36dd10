import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createFastify } from '../app';
import type { Config } from '../config';
import { testSettings } from './harness';

/** A bare server: the Fastify instance the whole server is built on, with only what a test registers. */
export type BareApp = ReturnType<typeof createFastify>;

/** The settings of a test server (testSettings) for a server without a database of its own; DATA_DIR is never written to. */
export const bareConfig = (env: Record<string, string> = {}): Config => testSettings(join(tmpdir(), 'telehealth-bare'), env);

/**
 * A server for a test of one plugin or one feature's routes, which costs no database and none of the
 * rest of the app: the Fastify instance buildApp starts from (createFastify: trust in proxies, body
 * limit, logger, zod compilers), with only the real plugins and routes that `register` adds. Routes
 * that need a database or services run on a whole test app's (`{ ...app.ctx, config }`): a second
 * server on the same database with other settings. Each plugin keeps a test through the whole app,
 * which proves that buildApp registers it.
 */
export async function bareApp(
  config: Config,
  register: (app: BareApp, config: Config) => void | Promise<void>,
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<BareApp> {
  const app = createFastify(config, options.logStream);
  try {
    await register(app, config);
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

/**
 * A bare server (see bareApp) with these settings for the enclosing describe block: started before its
 * tests (after the hooks declared before it, such as a whole app's), closed after them. Read
 * `server.app` and `server.config` inside the tests.
 */
export function useBareApp(env: Record<string, string>, register: (app: BareApp, config: Config) => void | Promise<void>) {
  const server = {} as { app: BareApp; config: Config };
  beforeAll(async () => {
    server.config = bareConfig(env);
    server.app = await bareApp(server.config, register);
  });
  afterAll(() => server.app.close());
  return server;
}
