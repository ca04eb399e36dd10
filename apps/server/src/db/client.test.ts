import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { createTestApp } from '../test/harness';
import { queryRows } from './client';

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
      return queryRows<{ statement: string }>(tx, sql.raw(`SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%+ 40 AS value'`));
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
});
