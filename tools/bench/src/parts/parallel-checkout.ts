// 50 parallel checkouts by one patient on Postgres: the sandbox must record 1 charge.
import { checkoutJson, checkoutRequest } from './checkout';
import { signedInUser, withPostgresDatabase, withServer } from '../shared';

export const PARALLEL_CHECKOUTS = 50;

export interface ParallelCheckoutResult {
  checkouts: number;
  charges: number | undefined;
  byStatus: Record<number, number>;
}

/** One patient sends 50 checkouts at once, each with its own Idempotency-Key; the gateway must charge once. */
export const benchParallelCheckout = () =>
  withPostgresDatabase('bench_parallel_checkout', (url, pg) =>
    withServer(
      async (baseUrl): Promise<ParallelCheckoutResult> => {
        const patient = await signedInUser(baseUrl);
        const body = checkoutJson('individualMonthly');
        const statuses = await Promise.all(Array.from({ length: PARALLEL_CHECKOUTS }, async () => checkoutRequest(baseUrl, patient, body)));
        const db = new pg.Client({ connectionString: url.toString() });
        await db.connect();
        const { rows } = await db.query<{ charges: number }>(
          `SELECT count(*)::int AS charges FROM sandbox_gateway_charges WHERE result->>'ok' = 'true'`,
        );
        await db.end();
        const byStatus: Record<number, number> = {};
        for (const status of statuses) byStatus[status] = (byStatus[status] ?? 0) + 1;
        return { checkouts: PARALLEL_CHECKOUTS, charges: rows[0]?.charges, byStatus };
      },
      { DATABASE_URL: url.toString() },
    ),
  );

export function printParallelCheckout(p: ParallelCheckoutResult): void {
  console.log(
    `${p.checkouts} parallel checkouts by one patient on Postgres: ${p.charges} charge(s) (must be 1); answers by status ${JSON.stringify(p.byStatus)}`,
  );
  if (p.charges !== 1) console.warn(`warning: ${p.charges} charges for one patient's parallel checkouts; there must be exactly 1.`);
}
