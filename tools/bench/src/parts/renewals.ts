// The renewal job over BENCH_RENEWALS (100,000) due memberships on the Postgres server named by
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), in a database of its own:
// one in ten has a cancellation that takes effect at this renewal, one in twenty a plan change it applies.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuMeter, ownCpuMs, postgresCpuMs, round, withPostgresDatabase, type CpuShares, type Pg } from '../shared';

export const RENEWALS = Number(process.env.BENCH_RENEWALS ?? 100_000);

export interface RenewalsResult {
  memberships: number;
  seconds: number;
  perSecond: number;
  /** CPU seconds of the job's process and of Postgres. */
  cpuSeconds: CpuShares;
  summary: { renewed: number; declined: number; expired: number; cancelled: number; skipped: number };
}

/** Seeds RENEWALS due monthly memberships on Postgres and times one run of the renewal job over them. */
export const benchRenewals = () => withPostgresDatabase('bench_renewals', (url, pg) => renewalsOn(url, pg));

async function renewalsOn(url: URL, pg: Pg): Promise<RenewalsResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'telehealth-bench-renewals-'));
  try {
    // The app and the job share one module graph (the job's copy of the health-data column needs the app's key).
    const { buildApp } = await import('../../../../apps/server/src/app');
    const { loadConfig } = await import('../../../../apps/server/src/config');
    const { runRenewals } = await import('../../../../apps/server/src/features/billing');
    const app = await buildApp(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url.toString(), LOG_LEVEL: 'warn', CAPTCHA: 'off' }), {
      webDist: null,
    });
    try {
      const seed = new pg.Client({ connectionString: url.toString() });
      await seed.connect();
      const due = new Date(Date.now() - 3_600_000).toISOString();
      await seed.query(
        `INSERT INTO users (email, password_hash, first_name, last_name, customer_id, verified, subscription_status, subscription_plan,
         subscription_amount_cents, method_of_subscription, subscription_start_date, next_subscription_renew_date, subscription_end_date)
       SELECT 'member' || g || '@example.com', 'x', 'Member', 'Bench', 'CONS-' || lpad(g::text, 8, '0'), true, 'active',
         'individualMonthly', 2999, 'online', $1::timestamptz - interval '30 days', $1::timestamptz, $1::timestamptz
       FROM generate_series(1, ${RENEWALS}) AS g`,
        [due],
      );
      await seed.query(
        `INSERT INTO memberships (user_id, gateway_token, next_charge_at, cancel_at, scheduled_plan)
         SELECT id, 'sbx_pm_bench', $1::timestamptz, CASE WHEN n % 10 = 0 THEN $1::timestamptz END, CASE WHEN n % 20 = 1 THEN 'familyMonthly' END
         FROM (SELECT id, substring(email FROM 'member([0-9]+)@')::int AS n FROM users) AS members`,
        [due],
      );
      await seed.query('ANALYZE');
      await seed.end();
      // The job runs in this process: where its time goes, this process's CPU beside Postgres's.
      const meter = cpuMeter({ job: ownCpuMs, postgres: postgresCpuMs });
      const start = performance.now();
      const summary = await runRenewals(app.ctx);
      const seconds = (performance.now() - start) / 1000;
      const cpuSeconds = Object.fromEntries(Object.entries(meter(1000)).map(([side, s]) => [side, s === null ? null : round(s, 1)]));
      const cancelled = Math.floor(RENEWALS / 10);
      if (summary.renewed !== RENEWALS - cancelled || summary.cancelled !== cancelled)
        throw new Error(`renewed ${summary.renewed} and ended ${summary.cancelled} of ${RENEWALS}: ${JSON.stringify(summary)}`);
      return { memberships: RENEWALS, seconds: round(seconds, 1), perSecond: round(RENEWALS / seconds, 0), cpuSeconds, summary };
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printRenewals(r: RenewalsResult): void {
  console.log(`Renewal job on Postgres`);
  console.table({
    [`${r.memberships} memberships`]: {
      seconds: r.seconds,
      'renewals/s': r.perSecond,
      'CPU s, the job': r.cpuSeconds.job,
      'CPU s, Postgres': r.cpuSeconds.postgres,
    },
  });
}
