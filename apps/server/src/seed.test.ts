import { PLAN_IDS, type AdminUserPage, type AnalyticsSummary } from '@app/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { queryRows } from './db/client';
import { planCatalogue } from './features/plans/catalogue';
import { createPhiKeyring } from './lib/phi-cipher';
import { seed, seedDatabase } from './seed';
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

  it('refuses to run with NODE_ENV=production', async () => {
    const config = { ...loadConfig({ DATA_DIR: '/nonexistent', PHI_KEY: testPhiKey }), env: 'production' as const };
    await expect(seedDatabase(config, 10, () => {})).rejects.toThrow(/production/);
  });
});
