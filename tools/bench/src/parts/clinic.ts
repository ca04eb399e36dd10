// clinic: the clinicians' side of visits on Postgres, on BENCH_CLINIC_PATIENTS (1,000,000) patients and
// BENCH_CLINIC_OPEN (10,000) waiting requests spread over five states, inserted by SQL (generate_series)
// into the built server's database. GET /api/clinic/queue one request at a time for a clinician
// licensed in the five states (p95 aim 50 ms); CLAIMERS (50) clinicians claiming one request at once
// (exactly one claim, or the part fails), with the time until every answer came; then the waiting
// rooms of live.ts on the same server.
import { performance } from 'node:perf_hooks';
import { latencies, type CallLatency } from './admin';
import { followWaitingRooms, LIVE_ROOMS, ROOM_CLAIMS, type Room, type WaitingRoomsResult } from './live';
import { round, withServerOnPostgres } from '../shared';

export const CLINIC_PATIENTS = Number(process.env.BENCH_CLINIC_PATIENTS ?? 1_000_000);
export const CLINIC_OPEN = Number(process.env.BENCH_CLINIC_OPEN ?? 10_000);
export const CLAIMERS = 50;
const QUEUE_AIM_MS = 50;
const QUEUE_CALLS = 200;
const STATES = ['MO', 'IL', 'KS', 'NE', 'IA'];

export interface ClinicResult {
  patients: number;
  open: number;
  queue: CallLatency;
  /** GET /api/users/me for the same clinician at the same moment: what any signed-in call costs on this host then. */
  floor: CallLatency;
  claim: { clinicians: number; claimed: number; byStatus: Record<number, number>; settleMs: number };
  waitingRooms: WaitingRoomsResult;
}

export const benchClinic = () =>
  withServerOnPostgres('bench_clinic', async ({ baseUrl, db, seal, sessionOf }): Promise<ClinicResult> => {
    console.log(`  inserting ${CLINIC_PATIENTS} patients, ${CLINIC_OPEN} waiting requests and ${CLAIMERS} clinicians ...`);
    await db.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, customer_id, verified)
         SELECT 'patient-' || n || '@bench.example', 'unusable', 'Pat', 'Bench', 'BENCH-P' || n, true FROM generate_series(1, $1::int) n`,
      [CLINIC_PATIENTS],
    );
    await db.query(
      `INSERT INTO visits (patient_id, requested_by, service, mode, state, symptoms, since, callback_phone, coverage, consent_version, consent_at, requested_at)
         SELECT id, id, 'urgent-care', 'phone', ($2::text[])[1 + n % $3::int], $4, 'today', $5, 'membership', 'bench', now(), now() - n * interval '1 second'
         FROM (SELECT id, row_number() OVER () AS n FROM users WHERE email LIKE 'patient-%' LIMIT $1::int) AS patients`,
      [CLINIC_OPEN, STATES, STATES.length, seal('Fever and a sore throat'), seal('3145550100')],
    );
    const { rows: clinicians } = await db.query<{ id: string; email: string; roles: string[] }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, customer_id, verified, roles)
         SELECT 'clinician-' || n || '@bench.example', 'unusable', 'Doc', 'Bench', 'BENCH-C' || n, true, ARRAY['ROLE_CLINICIAN']
         FROM generate_series(1, $1::int) n RETURNING id, email, roles`,
      [CLAIMERS],
    );
    await db.query(
      `INSERT INTO clinicians (user_id, credentials, npi, states, on_duty)
         SELECT id, 'MD', lpad((1000000000 + row_number() OVER ())::text, 10, '0'), $1::text[], true FROM users WHERE email LIKE 'clinician-%'`,
      [STATES],
    );
    await db.query('ANALYZE');
    const tokens = await Promise.all(clinicians.map((user) => sessionOf(user)));
    const queueToken = tokens[0]!;
    await latencies(baseUrl, queueToken, Array<string>(20).fill('/api/clinic/queue'));
    const queue = await latencies(baseUrl, queueToken, Array<string>(QUEUE_CALLS).fill('/api/clinic/queue'));
    const floor = await latencies(baseUrl, queueToken, Array<string>(QUEUE_CALLS).fill('/api/users/me'));
    const oldestWaiting = async (state: string, count: number) =>
      (
        await db.query<{ id: string; patient_id: string; email: string }>(
          `SELECT visits.id, patient_id, email FROM visits JOIN users ON users.id = patient_id
             WHERE status = 'waiting' AND state = $1 ORDER BY requested_at LIMIT $2`,
          [state, count],
        )
      ).rows;
    const claimAs = (token: string, visitId: string) =>
      fetch(`${baseUrl}/api/clinic/visits/${visitId}/claim`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      }).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      });

    // Every clinician presses "Claim" on the same request at once.
    const [contested] = await oldestWaiting('IA', 1);
    const start = performance.now();
    const statuses = await Promise.all(tokens.map((token) => claimAs(token, contested!.id)));
    const settleMs = round(performance.now() - start);
    const byStatus: Record<number, number> = {};
    for (const status of statuses) byStatus[status] = (byStatus[status] ?? 0) + 1;
    const { rows: held } = await db.query(`SELECT clinician_id FROM visits WHERE id = $1 AND status = 'claimed'`, [contested!.id]);
    const claim = { clinicians: CLAIMERS, claimed: held.length, byStatus, settleMs };
    if (held.length !== 1 || byStatus[200] !== 1)
      throw new Error(`${CLAIMERS} clinicians claiming one request: ${held.length} claims held, answers ${JSON.stringify(byStatus)}`);

    // The oldest waiting requests of one state, each with its patient's session; one clinician claims them in order.
    const rooms: Room[] = await Promise.all(
      (await oldestWaiting('MO', LIVE_ROOMS)).map(async (visit) => ({
        visitId: visit.id,
        token: await sessionOf({ id: visit.patient_id, email: visit.email, roles: ['ROLE_USER'] }),
      })),
    );
    const waitingRooms = await followWaitingRooms(
      baseUrl,
      rooms,
      rooms.slice(0, ROOM_CLAIMS).map((room, i) => async () => {
        const status = await claimAs(tokens[i + 1]!, room.visitId);
        if (status !== 200) throw new Error(`claiming a waiting room's request answered ${status}`);
      }),
    );
    return {
      patients: CLINIC_PATIENTS,
      open: CLINIC_OPEN,
      queue: { ...queue, aimMs: QUEUE_AIM_MS, meetsAim: queue.p95Ms <= QUEUE_AIM_MS },
      floor,
      claim,
      waitingRooms,
    };
  });

export function printClinic(c: ClinicResult): void {
  console.log(`\nclinic on Postgres: ${c.patients} patients, ${c.open} waiting requests`);
  console.table({
    'GET /api/users/me, one at a time (the floor)': {
      requests: c.floor.requests,
      'p95 ms': c.floor.p95Ms,
      'max ms': c.floor.maxMs,
      'aim ms': '',
    },
    'GET /api/clinic/queue, one at a time': {
      requests: c.queue.requests,
      'p95 ms': c.queue.p95Ms,
      'max ms': c.queue.maxMs,
      'aim ms': c.queue.aimMs,
    },
  });
  console.log(
    `  ${c.claim.clinicians} clinicians claiming one request at once: ${c.claim.claimed} claim (must be 1), answers ${JSON.stringify(c.claim.byStatus)}, settled in ${c.claim.settleMs} ms`,
  );
}
