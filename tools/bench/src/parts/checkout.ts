// Checkout: 20 signed-in patients paying at once through the sandbox gateway for 10 s (PGlite, Postgres).
import type { HttpRow } from '../side-by-side';
import {
  cpuMeter,
  cpuMs,
  mean,
  ownCpuMs,
  percentile,
  postgresCpuMs,
  round,
  send,
  signedInUser,
  withPostgresDatabase,
  withServer,
  type CpuShares,
  type Env,
  type Patient,
} from '../shared';

export const DURATION_S = 10;
export const CHECKOUT_PATIENTS = 20;

/** A checkout run's row in the HTTP table. */
export interface CheckoutRow extends HttpRow {
  cpuMsPerCheckout: CpuShares;
  paid: number;
}

/** A valid checkout request body for `planId`, paid with the sandbox's approving test card. */
export function checkoutJson(planId: string): string {
  const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
  const address = { street: '500 Market St', city: 'Saint Louis', state: 'MO', zip: '63101', country: 'United States' };
  return JSON.stringify({
    planId,
    billingAddress: address,
    contact: {
      fullName: 'Bench User',
      email: 'bench@example.com',
      phone: '3145550100',
      address: address.street,
      city: address.city,
      state: address.state,
      zip: address.zip,
      country: address.country,
    },
    cardDetails: { cardholderName: 'Bench User', cardNumber: '4242424242424242', cvv: '123', expiry: `12/${nextYear}` },
  });
}

/** One checkout; resolves with the answer's status. */
export const checkoutRequest = (baseUrl: string, { token, user }: Patient, body: string) =>
  send(`${baseUrl}/api/users/${user.id}/subscription`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
    body,
  });

/** 20 patients buy one-time visits (which may be bought again) as fast as the server answers, for 10 s; each must be one charge. */
export const benchCheckout = (store: 'PGlite' | 'Postgres', extraEnv: Env = {}): Promise<CheckoutRow> =>
  withServer(async (baseUrl, pid) => {
    const patients: Patient[] = [];
    for (let i = 0; i < CHECKOUT_PATIENTS; i++) patients.push(await signedInUser(baseUrl));
    const body = checkoutJson('oneTimeVisit');
    const latencies: number[] = [];
    let failures = 0;
    const meter = cpuMeter({
      server: () => cpuMs(pid),
      ...(store === 'Postgres' ? { postgres: postgresCpuMs } : {}),
      client: ownCpuMs,
    });
    const deadline = Date.now() + DURATION_S * 1000;
    await Promise.all(
      patients.map(async (patient) => {
        while (Date.now() < deadline) {
          const start = performance.now();
          const status = await checkoutRequest(baseUrl, patient, body);
          latencies.push(performance.now() - start);
          if (status !== 200) failures++;
        }
      }),
    );
    // Where the two cores went, per checkout: what sets the rate when neither side alone is at 100 %.
    const cpuMsPerCheckout = meter(latencies.length);
    return {
      cpuMsPerCheckout,
      name: `checkout, PUT /api/users/{id}/subscription (sandbox, ${store})`,
      url: '/api/users/{id}/subscription',
      connections: CHECKOUT_PATIENTS,
      durationS: DURATION_S,
      requestsPerSec: round(latencies.length / DURATION_S, 0),
      p99Ms: round(percentile(latencies, 99), 1),
      averageMs: round(mean(latencies), 1),
      non2xx: failures,
      errors: 0,
      paid: latencies.length - failures,
    };
  }, extraEnv);

/** The same on Postgres, then the sandbox's own record: exactly one successful charge per paid checkout. */
export const benchCheckoutOnPostgres = () =>
  withPostgresDatabase('bench_checkout', async (url, pg) => {
    const row = await benchCheckout('Postgres', { DATABASE_URL: url.toString() });
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const { rows } = await db.query<{ charges: number }>(
      `SELECT count(*)::int AS charges FROM sandbox_gateway_charges WHERE result->>'ok' = 'true' AND voided_at IS NULL`,
    );
    await db.end();
    row.charges = rows[0]?.charges;
    return row;
  });
