import type { PGlite, QueryOptions } from '@electric-sql/pglite';
import { desc, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { api, createTestApp, signedInPatient } from '../test/harness';
import { drizzleParsers, openDatabase, PGLITE_IN_MEMORY, queryRows, type DatabaseHandle } from './client';
import { auditLog, sessions } from './schema';

// Decision 033: on the Postgres server, a statement with parameters is prepared once per
// connection and then only bound; one without (a migration, BEGIN) runs as written.
describe.skipIf(!process.env.TEST_DATABASE_URL)('statements prepared once per connection (Postgres)', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('prepares a parameterized statement under one name and reuses it with other values', async () => {
    const prepared = await app.ctx.db.transaction(async (tx) => {
      const answers = [];
      for (const value of [1, 2, 3]) answers.push(...(await queryRows<{ value: number }>(tx, sql`SELECT ${value}::int + 40 AS value`)));
      expect(answers.map((row) => row.value)).toEqual([41, 42, 43]);
      // No parameters: this query itself is not prepared, so it lists only what came before it.
      return queryRows<{ statement: string }>(
        tx,
        sql.raw(`SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%+ 40 AS value'`),
      );
    });
    expect(prepared.map((row) => row.statement)).toEqual(['SELECT $1::int + 40 AS value']);
  });

  it('runs a statement without parameters as written', async () => {
    const prepared = await app.ctx.db.transaction(async (tx) => {
      expect(await queryRows<{ seven: number }>(tx, sql.raw('SELECT 7 AS seven'))).toEqual([{ seven: 7 }]);
      return queryRows<{ statement: string }>(tx, sql.raw(`SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%AS seven'`));
    });
    expect(prepared).toEqual([]);
  });

  it('plans every run for its own values, so a batch or a search pattern never runs under a generic plan', async () => {
    expect(await queryRows(app.ctx.db, sql.raw('SHOW plan_cache_mode'))).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
  });

  // Decision 041: the session check runs on connections of its own that keep one generic plan.
  it('checks a session under one generic plan, and a signed-out session still fails on the next request', async () => {
    expect(await queryRows(app.ctx.sessionDb, sql.raw('SHOW plan_cache_mode'))).toEqual([{ plan_cache_mode: 'force_generic_plan' }]);
    const http = api(app);
    const { token } = await signedInPatient(app);
    for (let i = 0; i < 3; i++) expect((await http.get('/api/users/me', token)).status).toBe(200);
    // One request at a time takes the same idle connection each time, and this query takes it too.
    const plans = await queryRows<{ generic_plans: string; custom_plans: string }>(
      app.ctx.sessionDb,
      sql.raw(`SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = 'live_session_with_profile'`),
    );
    expect(plans).toEqual([{ generic_plans: expect.stringMatching(/^[1-9]/), custom_plans: '0' }]);
    expect((await http.post('/api/auth/logout', {}, token)).status).toBe(204);
    expect((await http.get('/api/users/me', token)).status).toBe(401);
  });
});

// The embedded database is opened with Drizzle's parsers as its defaults, and Drizzle's queries go
// without their own copy (PGlite merged it into 300-odd defaults on every result).
describe('PGlite queries with the parsers it was opened with', () => {
  it("lists exactly the parsers Drizzle asks for, each keeping the database's text", async () => {
    const asked: QueryOptions[] = [];
    const recorder = {
      query: (_text: string, _params?: unknown[], options?: QueryOptions) => {
        if (options) asked.push(options);
        return Promise.resolve({ rows: [], fields: [], affectedRows: 0 });
      },
    };
    const db = drizzle(recorder as Partial<PGlite> as PGlite);
    await db.execute(sql`SELECT 1`);
    await db.select().from(sessions).limit(1);
    expect(asked.map((options) => options.rowMode)).toEqual(['object', 'array']);
    for (const { parsers } of asked) {
      expect(Object.keys(parsers ?? {}).sort()).toEqual(Object.keys(drizzleParsers).sort());
      for (const type of Object.keys(parsers ?? {}))
        expect(parsers![Number(type)]!('2026-11-26 10:00:00+00')).toBe('2026-11-26 10:00:00+00');
    }
  });

  describe('on the embedded database', () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await openDatabase({ databaseUrl: undefined, pgliteDir: PGLITE_IN_MEMORY });
    });
    afterAll(async () => {
      await handle.close();
    });

    it('reads dates and times back as they were written, in a transaction and out of one, and raw queries keep their text', async () => {
      const at = new Date('2026-11-26T10:11:12.345Z');
      const entry = {
        at,
        actorUserId: null,
        actorRole: 'anonymous',
        action: 'GET /api/test',
        subjectUserId: null,
        ip: null,
        status: 200,
        details: null,
        prevHash: '0'.repeat(64),
        hash: '1'.repeat(64),
      };
      const inTransaction = await handle.db.transaction(async (tx) => {
        await tx.insert(auditLog).values(entry);
        const [row] = await tx.select({ at: auditLog.at }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
        return row!.at;
      });
      expect(inTransaction).toEqual(at);
      const [row] = await handle.db.select({ at: auditLog.at }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
      expect(row!.at).toEqual(at);
      const [raw] = await queryRows<{ day: unknown; span: unknown }>(
        handle.db,
        sql`SELECT DATE '2026-11-26' AS day, INTERVAL '1 day' AS span`,
      );
      expect(raw).toEqual({ day: '2026-11-26', span: '1 day' });
    });
  });
});
