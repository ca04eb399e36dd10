// data-export: "Download my data" of a member with BENCH_EXPORT_VISITS (100) completed visits, each with a
// signed note, on Postgres, inserted by SQL into the built server's database: the time from the request
// (POST /api/data-export) to the status answering ready (polled every 50 ms), which covers reading the
// record, drawing every summary's PDF, zipping, sealing, storing and queueing the mail. Aim: 10 s.
import { performance } from 'node:perf_hooks';
import { round, sleep, withServerOnPostgres } from '../shared';

export const EXPORT_VISITS = Number(process.env.BENCH_EXPORT_VISITS ?? 100);
const AIM_MS = 10_000;

export interface DataExportResult {
  visits: number;
  readyMs: number;
  aimMs: number;
}

const note = {
  subjective: 'Sore throat for three days.',
  objective: 'Red throat, no cough.',
  assessment: 'Strep throat, likely.',
  plan: 'Antibiotics for ten days; rest and fluids.',
  followUp: 'Call us if the fever lasts more than 48 hours.',
  prescriptions: [
    { drug: 'Amoxicillin', strength: '500 mg', directions: 'Take one capsule twice a day', quantity: '20 capsules', refills: 0 },
  ],
};

export const benchDataExport = () =>
  withServerOnPostgres('bench_export', async ({ baseUrl, db, seal, sessionOf }): Promise<DataExportResult> => {
    const {
      rows: [patient],
    } = await db.query<{ id: string; email: string; roles: string[] }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, customer_id, verified)
         VALUES ('member@bench.example', 'unusable', 'Pat', 'Bench', 'BENCH-P1', true) RETURNING id, email, roles`,
    );
    const {
      rows: [clinician],
    } = await db.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, customer_id, verified, roles)
         VALUES ('doctor@bench.example', 'unusable', 'Doc', 'Bench', 'BENCH-C1', true, ARRAY['ROLE_CLINICIAN']) RETURNING id`,
    );
    await db.query(`INSERT INTO clinicians (user_id, credentials, npi, states) VALUES ($1, 'MD', '1234567893', ARRAY['MO'])`, [
      clinician!.id,
    ]);
    await db.query(
      `WITH made AS (
           INSERT INTO visits (patient_id, requested_by, service, mode, state, symptoms, since, callback_phone, coverage, consent_version,
             consent_at, requested_at, status, clinician_id, claimed_at, started_at, ended_at)
           SELECT $1, $1, 'urgent-care', 'phone', 'MO', $3, 'days', $4, 'membership', 'bench', now(), now() - n * interval '1 day',
             'completed', $2, now() - n * interval '1 day', now() - n * interval '1 day', now() - n * interval '1 day' + interval '15 minutes'
           FROM generate_series(1, $5::int) n RETURNING id, ended_at)
         INSERT INTO visit_notes (visit_id, note, signed_at, signed_by) SELECT id, $6, ended_at, $2 FROM made`,
      [patient!.id, clinician!.id, seal('Fever and a sore throat'), seal('3145550100'), EXPORT_VISITS, seal(JSON.stringify(note))],
    );
    const token = await sessionOf(patient!);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const started = performance.now();
    const asked = await fetch(`${baseUrl}/api/data-export`, { method: 'POST', headers, body: '{}' });
    if (asked.status !== 202) throw new Error(`POST /api/data-export answered ${asked.status}: ${await asked.text()}`);
    for (;;) {
      const status = (await (await fetch(`${baseUrl}/api/data-export`, { headers })).json()) as { status: string };
      if (status.status === 'ready') break;
      if (performance.now() - started > 6 * AIM_MS) throw new Error('the data download was not ready within a minute');
      await sleep(50);
    }
    return { visits: EXPORT_VISITS, readyMs: round(performance.now() - started, 0), aimMs: AIM_MS };
  });

export function printDataExport(result: DataExportResult) {
  console.log(`\nData download (Postgres): ${result.visits} signed visits, ready in ${result.readyMs} ms (aim ${result.aimMs} ms)`);
}
