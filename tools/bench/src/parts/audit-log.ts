// The audit log's pages on BENCH_AUDIT_ROWS (10,000,000) rows of the trail on Postgres, one request at a time:
// unfiltered, deep by cursor, by actor, by subject, by action and by days.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { json, withPostgresDatabase, withServer, type Pg } from '../shared';
import { BENCH_ADMIN, latencies, latencyTable, signedInAdmin, type CallLatency } from './admin';

export const AUDIT_ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 10_000_000);
const AIM_MS = 100;
const ACTORS = 2_000;
const ACTIONS = ['GET /api/users/me', 'POST /api/auth/login', 'GET /api/admin/all', 'PUT /api/admin/users/:id', 'GET /api/visits'];

export interface AuditLogResult {
  rows: number;
  calls: Record<string, CallLatency>;
}

/**
 * Fills the trail straight from SQL as the table's owner: a year of rows from ACTORS people, some
 * acting on others. The rows carry no valid chain (the log reads pages, it does not walk the chain).
 */
async function fillTrail(url: URL, pg: Pg, rows: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rows: people } = await client.query<{ id: string }>(`SELECT gen_random_uuid()::text AS id FROM generate_series(1, ${ACTORS})`);
    const ids = people.map((p) => p.id);
    await client.query('ALTER TABLE audit_log DISABLE TRIGGER USER');
    const batch = 1_000_000;
    for (let start = 0; start < rows; start += batch) {
      const count = Math.min(batch, rows - start);
      await client.query(
        `INSERT INTO audit_log (at, actor_user_id, actor_role, action, subject_user_id, ip, status, details, prev_hash, hash)
         SELECT now() - ((${rows} - ($3::bigint + n)) * interval '3 seconds'), ($1::uuid[])[1 + (n % ${ACTORS})], 'patient',
                ($2::text[])[1 + (n % ${ACTIONS.length})], ($1::uuid[])[1 + ((n * 7) % ${ACTORS})], '10.0.0.1', 200, NULL, '', ''
         FROM generate_series(1, ${count}) AS n`,
        [ids, ACTIONS, start],
      );
    }
    await client.query('ALTER TABLE audit_log ENABLE TRIGGER USER');
    await client.query('ANALYZE audit_log');
    await client.query('CHECKPOINT');
    return ids;
  } finally {
    await client.end();
  }
}

export const benchAuditLog = () =>
  withPostgresDatabase('bench_audit', async (url, pg) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'telehealth-bench-audit-'));
    const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir, ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password };
    try {
      // A first start migrates and makes the admin; the trail is then filled behind the server's back.
      await withServer(() => Promise.resolve(), env);
      const people = await fillTrail(url, pg, AUDIT_ROWS);
      return await withServer(async (baseUrl) => {
        const token = await signedInAdmin(baseUrl);
        const page = (query: string) => `/api/admin/audit-log?${query}`;
        await latencies(baseUrl, token, Array<string>(10).fill(page('')));
        // Forty pages deep, each after the previous one's cursor.
        const deep: string[] = [];
        let after = '';
        for (let i = 0; i < 40; i++) {
          const answer = await json<{ next: string | null }>(
            await fetch(`${baseUrl}${page(`after=${encodeURIComponent(after)}`)}`, { headers: { authorization: `Bearer ${token}` } }),
            'GET /api/admin/audit-log',
          );
          if (!answer?.next) break;
          after = answer.next;
          deep.push(page(`after=${encodeURIComponent(after)}`));
        }
        const someone = people.slice(0, 20);
        const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
        const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
        const calls: Record<string, CallLatency> = {
          'first page, unfiltered': await latencies(baseUrl, token, Array<string>(20).fill(page(''))),
          'pages 2-41 by cursor': await latencies(baseUrl, token, deep),
          'by actor': await latencies(
            baseUrl,
            token,
            someone.map((id) => page(`actor=${id}`)),
          ),
          'by subject': await latencies(
            baseUrl,
            token,
            someone.map((id) => page(`subject=${id}`)),
          ),
          'by action': await latencies(
            baseUrl,
            token,
            ACTIONS.flatMap((action) => [page(`action=${encodeURIComponent(action)}`)]).concat(
              ACTIONS.map((action) => page(`action=${encodeURIComponent(action)}&to=${monthAgo}`)),
            ),
          ),
          'by days (a week, a month ago)': await latencies(baseUrl, token, Array<string>(10).fill(page(`from=${monthAgo}&to=${weekAgo}`))),
          'by actor and days': await latencies(
            baseUrl,
            token,
            someone.map((id) => page(`actor=${id}&from=${monthAgo}&to=${weekAgo}`)),
          ),
        };
        for (const row of Object.values(calls)) {
          row.aimMs = AIM_MS;
          row.meetsAim = row.p95Ms <= AIM_MS;
        }
        return { rows: AUDIT_ROWS, calls };
      }, env);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

export function printAuditLog(result: AuditLogResult): void {
  console.log(`Audit log pages on Postgres, ${result.rows} rows, one request at a time`);
  latencyTable(result.calls);
}
