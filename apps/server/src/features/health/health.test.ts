import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { openDatabase, PGLITE_IN_MEMORY } from '../../db/client';
import { api, createTestApp, useTestApp } from '../../test/harness';
import { useS3rver } from '../../test/s3';
import { createReadiness } from './service';

const foreign = { 'x-forwarded-for': '81.2.69.142' };

describe('GET /health/live and /health/ready', () => {
  const server = useTestApp({ GEO_RESTRICT: 'on', TRUST_PROXY: '1' });

  it('answer without a session, up or down per check and nothing more', async () => {
    const live = await server.http.get('/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'up' });
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await server.http.get('/health/ready');
    expect(ready.status).toBe(200);
    // Redis is not configured, so not checked.
    expect(ready.body).toEqual({ status: 'up', checks: { database: 'up', migrations: 'up', storage: 'up' } });
    expect(ready.headers['cache-control']).toBe('no-store');
    for (const url of ['/health/live', '/health/ready']) expect((await server.app.inject({ method: 'HEAD', url })).statusCode).toBe(200);
  });

  it('answer a visitor abroad, where the API refuses, and however often they are asked', async () => {
    expect((await server.http.get('/api/geo', undefined, foreign)).body).toMatchObject({ country: 'GB', allowed: false });
    for (let i = 0; i < 30; i++) {
      expect((await server.http.get('/health/live', undefined, foreign)).status).toBe(200);
      expect((await server.http.get('/health/ready', undefined, foreign)).status).toBe(200);
    }
  });

  it('are not in the API description', async () => {
    const document = await server.http.get('/api/openapi.json');
    expect(Object.keys(document.body.paths as object).filter((path) => path.startsWith('/health'))).toEqual([]);
  });
});

describe('GET /health/ready when a part is down', () => {
  let app: App;
  afterAll(() => app?.close());

  it('answers 503 naming the receipt store when it cannot be written, and no reason', async () => {
    app = await createTestApp();
    // A file where the receipts folder should be: the store can be neither read nor written.
    writeFileSync(join(app.ctx.config.dataDir, 'receipts'), 'not a folder');
    const ready = await api(app).get('/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'down', checks: { database: 'up', migrations: 'up', storage: 'down' } });
  });

  it('answers 503 naming the migrations when the database lacks one of this build', async () => {
    const other = await createTestApp();
    try {
      await other.ctx.db.execute(
        sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`,
      );
      const ready = await api(other).get('/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'down', checks: { database: 'up', migrations: 'down', storage: 'up' } });
    } finally {
      await other.close();
    }
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('GET /health/ready with REDIS_URL (TEST_REDIS_URL only)', () => {
  const server = useTestApp({ REDIS_URL: process.env.TEST_REDIS_URL ?? '' });

  it('checks Redis', async () => {
    const ready = await server.http.get('/health/ready');
    expect(ready.body).toEqual({ status: 'up', checks: { database: 'up', migrations: 'up', redis: 'up', storage: 'up' } });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("GET /health/ready as the server's own role (TEST_DATABASE_URL only)", () => {
  const server = useTestApp({}, { serverRole: true });

  it('reads the migrations the owner applied', async () => {
    const ready = await server.http.get('/health/ready');
    expect(ready.body).toEqual({ status: 'up', checks: { database: 'up', migrations: 'up', storage: 'up' } });
  });
});

describe('GET /health/ready with STORAGE=s3', () => {
  const server = useTestApp(useS3rver());

  it('reads and writes the bucket with the receipts key, which need not list it', async () => {
    for (let i = 0; i < 2; i++) {
      // The first probe writes its object, the next reads it.
      const ready = await server.http.get('/health/ready');
      expect(ready.body).toEqual({ status: 'up', checks: { database: 'up', migrations: 'up', storage: 'up' } });
      await new Promise((resolve) => setTimeout(resolve, 1_100));
    }
  });
});

describe('readiness', () => {
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const storage = { probe: () => Promise.resolve() };
  const limits = { ping: () => Promise.resolve() };
  let closedDb: Awaited<ReturnType<typeof openDatabase>>;
  beforeAll(async () => {
    closedDb = await openDatabase({ databaseUrl: undefined, pgliteDir: PGLITE_IN_MEMORY });
    await closedDb.close();
  });

  it('counts a database that cannot answer as down', async () => {
    const readiness = createReadiness({ db: closedDb.db, storage, limits, log, config: { redisUrl: undefined } });
    expect(await readiness.check()).toEqual({ status: 'down', checks: { database: 'down', migrations: 'down', storage: 'up' } });
  });

  it('counts a part that does not answer in time as down, Redis included when configured', async () => {
    const hanging = { ping: () => new Promise<void>(() => undefined) };
    const readiness = createReadiness(
      { db: closedDb.db, storage, limits: hanging, log, config: { redisUrl: 'redis://127.0.0.1:6379' } },
      { timeoutMs: 50 },
    );
    expect((await readiness.check()).checks.redis).toBe('down');
  });

  it('answers down with only `accepting` once draining, without asking anything', async () => {
    let asked = 0;
    const counted = { probe: () => Promise.resolve(void (asked += 1)) };
    const readiness = createReadiness({ db: closedDb.db, storage: counted, limits, log, config: { redisUrl: undefined } });
    readiness.drain();
    expect(await readiness.check()).toEqual({ status: 'down', checks: { accepting: 'down' } });
    expect(asked).toBe(0);
  });
});
