import { PLAN_IDS, convertMinorUnits, type AdminUserPage, type AnalyticsSummary, type ExpensePage } from '@app/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { queryRows } from './db/client';
import { indexPhones } from './db/phone-index';
import { planCatalogue } from './features/plans/catalogue';
import { createPhiKeyring } from './lib/phi-cipher';
import { seed, seedDatabase, seedExpenses } from './seed';
import { adminEnv, signedInAdmin, testPhiKey, useTestApp } from './test/harness';

const SEEDED = 600;

describe('npm run seed', () => {
  const server = useTestApp(adminEnv);
  let token: string;
  beforeAll(async () => {
    const keyring = createPhiKeyring(Buffer.from(testPhiKey, 'base64'), []);
    await seed(server.app.ctx.db, keyring, SEEDED);
    token = (await signedInAdmin(server.app)).token;
  });

  it('creates the users the admin API then lists and counts', async () => {
    const [counts] = await queryRows<{ total: number; admins: number; active: number; verified: number }>(
      server.app.ctx.db,
      sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE 'ROLE_ADMIN' = ANY(roles)))::int AS admins,
                 (count(*) FILTER (WHERE subscription_status = 'active'))::int AS active, (count(*) FILTER (WHERE verified))::int AS verified FROM users`,
    );
    // The seeded users and the bootstrap admin.
    expect(counts!.total).toBe(SEEDED + 1);
    const page = (await server.http.get('/api/admin/all?size=500', token)).body as AdminUserPage;
    expect(page.totalElements).toBe(counts!.total);
    expect(page.summary).toEqual({ admins: counts!.admins, activeSubscriptions: counts!.active, verified: counts!.verified });
    const summary = (await server.http.get('/api/admin/analytics/summary', token)).body as AnalyticsSummary;
    expect(summary.totalUsers).toBe(counts!.total);
    expect(summary.activeSubscriptions).toBe(counts!.active);
  });

  it('combines first and last names: each seeded user has a full name of their own while the pairs last', async () => {
    const [names] = await queryRows<{ full_names: number; largest: number }>(
      server.app.ctx.db,
      sql`SELECT count(*)::int AS full_names, max(n)::int AS largest
          FROM (SELECT count(*) AS n FROM users WHERE email LIKE '%@seed.example' GROUP BY first_name, last_name) AS named`,
    );
    expect(names).toEqual({ full_names: SEEDED, largest: 1 });
  });

  it("writes each phone's lookup hash, so that the server's start has none left to write", async () => {
    expect(await indexPhones(server.app.ctx.db)).toBe(0);
  });

  it('gives memberships of every plan their catalogue price and a ledger that started them', async () => {
    const rows = await queryRows<{ plan: string; amount: number; amounts: number; without_checkout: number }>(
      server.app.ctx.db,
      sql`SELECT u.subscription_plan AS plan, max(u.subscription_amount_cents)::int AS amount, count(DISTINCT u.subscription_amount_cents)::int AS amounts,
                 (count(*) FILTER (WHERE u.subscription_start_date IS NOT NULL AND NOT EXISTS
                   (SELECT 1 FROM payments p WHERE p.user_id = u.id AND p.kind = 'checkout' AND p.status = 'succeeded')))::int AS without_checkout
          FROM users u WHERE u.subscription_plan IS NOT NULL GROUP BY 1 ORDER BY 1`,
    );
    expect(rows.map((r) => r.plan).sort()).toEqual([...PLAN_IDS].sort());
    for (const row of rows) {
      expect(row.amounts).toBe(1);
      expect(row.amount).toBe(planCatalogue.find((plan) => plan.id === row.plan)!.priceCents);
      expect(row.without_checkout).toBe(0);
    }
  });

  it('seals health data: the admin view opens it, the table holds no plain text', async () => {
    const page = (await server.http.get('/api/admin/search?email=seed.example&size=50', token)).body as AdminUserPage;
    const withDob = page.content.find((user) => user.dob !== null)!;
    expect(withDob.dob).toMatch(/^19\d\d-\d\d-\d\d$/);
    const [stored] = await queryRows<{ dob: string }>(server.app.ctx.db, sql`SELECT dob FROM users WHERE id = ${withDob.id}`);
    expect(stored!.dob).not.toContain(withDob.dob!);
  });

  it('creates expenses in both currencies, converted as the server converts, that the Expenses tab lists and totals', async () => {
    await seedExpenses(server.app.ctx.db, 300, 831_234);
    const rows = await queryRows<{
      original_currency: 'USD' | 'INR';
      original_amount_minor: string;
      amount_usd_cents: string;
      amount_inr_paise: string;
    }>(server.app.ctx.db, sql`SELECT original_currency, original_amount_minor, amount_usd_cents, amount_inr_paise FROM expenses`);
    expect(rows).toHaveLength(300);
    expect(new Set(rows.map((r) => r.original_currency))).toEqual(new Set(['USD', 'INR']));
    for (const row of rows) {
      const minor = Number(row.original_amount_minor);
      expect(Number(row.amount_usd_cents)).toBe(convertMinorUnits(minor, row.original_currency, 'USD', 831_234));
      expect(Number(row.amount_inr_paise)).toBe(convertMinorUnits(minor, row.original_currency, 'INR', 831_234));
    }
    const page = (await server.http.get('/api/admin/expenses?size=500', token)).body as ExpensePage;
    expect(page.totalElements).toBe(300);
    expect(Math.round(page.totals.usd * 100)).toBe(rows.reduce((sum, r) => sum + Number(r.amount_usd_cents), 0));
  });

  it('refuses to run with NODE_ENV=production', async () => {
    const config = { ...loadConfig({ DATA_DIR: '/nonexistent', PHI_KEY: testPhiKey }), env: 'production' as const };
    await expect(seedDatabase(config, { users: 10, expenses: 10 }, () => {})).rejects.toThrow(/production/);
  });
});
