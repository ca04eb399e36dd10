// autocannon, 50 connections: GET /api/users/me (signed in) beside the same session query in a bare
// Fastify process on the same database (PGlite and Postgres), GET /api/plans and GET / (Brotli, gzip)
// beside a bare Fastify process replaying their exact bytes and beside a bare Fastify route.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPLAYED_PATHS, sideBySide, type SideBySideRow } from '../side-by-side';
import {
  freePort,
  pidOf,
  residentMb,
  serverImport,
  signedInUser,
  startProcess,
  withPostgresDatabase,
  withServer,
  withStarted,
  type Started,
} from '../shared';

/** The server's resident memory at idle and after each round of load, in MB. */
export interface ServerMemory {
  idleMb: number | null;
  afterRoundsMb: (number | null)[];
}

/** A bare Fastify process the bench started: where it answers, its process id and what stops it. */
interface Bare extends Started {
  baseUrl: string;
  pid: number;
}

/** An answer as the server sent it (body in base64). */
interface RawAnswer {
  headers: Record<string, string | string[]>;
  body: string;
}

/**
 * The ceiling's query: the session with the columns of its user's profile, as /me reads them (the
 * server's own `profileColumns`, so the two cannot drift apart).
 */
async function sessionQuery(): Promise<string> {
  const { profileColumns } = await import('../../../../apps/server/src/features/users/repository');
  const columns = Object.values(profileColumns).map((column) => `u."${column.name}"`);
  return `SELECT s.id AS session_id, s.remember_me, s.last_seen_at, ${columns.join(', ')}
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND u.disabled_at IS NULL AND s.expires_at > $3`;
}

/** The session id and user id a bearer token names (the bench reads its own token; nothing is verified here). */
function sessionOf(token: string): { sessionId: string; userId: string } {
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sid: string; sub: string };
  return { sessionId: claims.sid, userId: claims.sub };
}

/**
 * Starts a bare Fastify process without logging: `prelude` runs first (top-level await allowed),
 * then `routes` registers its routes on `app`. Resolves once `readyPath` answers 200.
 */
async function startBareFastify(prelude: string, routes: string, readyPath = '/'): Promise<Bare> {
  const port = await freePort();
  const source = `
    const { default: Fastify } = await import(${serverImport('fastify')});
    ${prelude}
    const app = Fastify({ logger: false });
    ${routes}
    process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
    await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const baseUrl = `http://127.0.0.1:${port}`;
  const bare = await startProcess(['--input-type=module', '-e', source], process.env, `${baseUrl}${readyPath}`);
  return { ...bare, baseUrl, pid: pidOf(bare) };
}

/** The ceiling of every path: a bare Fastify route answering a small JSON object. */
const startBareRoute = () => startBareFastify('', `app.get('/', async () => ({ ok: true }));`);

/**
 * The ceiling for GET /api/users/me: a bare Fastify process answering the same session-and-user
 * query (the profile's columns, as /me reads them) with the same driver on the same database. `store`
 * is { pgliteDir } (a copy of the server's database: PGlite opens a folder in one process only) or
 * { databaseUrl }. On Postgres the query is prepared once per connection and runs under one generic
 * plan, as the server's session check does (decision 041): planning it afresh is most of its cost.
 */
async function startSessionCeiling(
  store: { pgliteDir: string } | { databaseUrl: string },
  { sessionId, userId }: { sessionId: string; userId: string },
): Promise<Bare> {
  const openDatabase =
    'databaseUrl' in store
      ? `const { default: pg } = await import(${serverImport('pg')});
       const pool = new pg.Pool({ connectionString: ${JSON.stringify(store.databaseUrl)}, max: 10, options: '-c plan_cache_mode=force_generic_plan' });
       const query = (text, values) => pool.query({ name: 'session', text, values }).then((r) => r.rows);`
      : `const { PGlite } = await import(${serverImport('@electric-sql/pglite')});
       const { pg_trgm } = await import(${serverImport('@electric-sql/pglite/contrib/pg_trgm')});
       const db = await PGlite.create(${JSON.stringify(store.pgliteDir)}, { extensions: { pg_trgm } });
       const query = (text, params) => db.query(text, params).then((r) => r.rows);`;
  return startBareFastify(
    openDatabase,
    `app.get('/', async (request, reply) => {
      const [row] = await query(${JSON.stringify(await sessionQuery())}, [${JSON.stringify(sessionId)}, ${JSON.stringify(userId)}, new Date()]);
      if (!row) return reply.code(401).send({ message: 'no session' });
      return row;
    });`,
  );
}

/**
 * A bare Fastify process answering `/<i>` with the very headers and bytes our server sent for
 * REPLAYED_PATHS[i]: the most any server could do for that answer on this machine with this client
 * (for a 15 KB page the bytes, not the server, set the pace).
 */
async function startSameBytesCeiling(answers: RawAnswer[]): Promise<Bare> {
  const answersDir = mkdtempSync(join(tmpdir(), 'telehealth-bench-'));
  try {
    const answersFile = join(answersDir, 'answers.json');
    writeFileSync(answersFile, JSON.stringify(answers));
    const bare = await startBareFastify(
      `const { readFileSync } = await import('node:fs');
     const answers = JSON.parse(readFileSync(${JSON.stringify(answersFile)}, 'utf8')).map((a) => ({ headers: a.headers, body: Buffer.from(a.body, 'base64') }));`,
      `answers.forEach((answer, i) => app.get('/' + i, async (_request, reply) => reply.headers(answer.headers).send(answer.body)));`,
      '/0',
    );
    return {
      ...bare,
      stop: async () => {
        await bare.stop();
        rmSync(answersDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(answersDir, { recursive: true, force: true });
    throw error;
  }
}

/** The server's answer exactly as sent: status line aside, its headers and its (still compressed) bytes. */
function rawAnswer(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const kept = Object.entries(response.headers).filter(
          (entry): entry is [string, string | string[]] =>
            entry[1] !== undefined && !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(entry[0]),
        );
        resolve({ headers: Object.fromEntries(kept), body: Buffer.concat(chunks).toString('base64') });
      });
    }).on('error', reject);
  });
}

/**
 * The hot paths on one server (PGlite), each beside its ceiling and the bare route: the signed-in
 * profile beside the same session query on a copy of the server's database (the patient signed up
 * on a first start of the server, copied while it was stopped), the plan catalogue and the home page
 * (Brotli and gzip) beside a bare process replaying their bytes; with the server's resident memory
 * at idle and after each round (it must not keep growing).
 */
export async function benchServerPaths(): Promise<{ rows: SideBySideRow[]; memory: ServerMemory }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'telehealth-bench-'));
  const ceilingDir = mkdtempSync(join(tmpdir(), 'telehealth-bench-'));
  try {
    const { token, answers } = await withServer(
      async (baseUrl) => ({
        token: (await signedInUser(baseUrl)).token,
        answers: await Promise.all(REPLAYED_PATHS.map(({ path, headers }) => rawAnswer(`${baseUrl}${path}`, headers))),
      }),
      {},
      dataDir,
    );
    cpSync(join(dataDir, 'pglite'), ceilingDir, { recursive: true });
    return await withStarted(
      [startBareRoute, () => startSameBytesCeiling(answers), () => startSessionCeiling({ pgliteDir: ceilingDir }, sessionOf(token))],
      (bare, sameBytes, sessionCeiling) =>
        withServer(
          async (baseUrl, pid) => {
            const bareTarget = { name: 'bare Fastify route', url: `${bare.baseUrl}/`, cpuOf: { pid: bare.pid, postgres: false } };
            const memory: ServerMemory = { idleMb: residentMb(pid), afterRoundsMb: [] };
            const rows = await sideBySide(
              [
                {
                  path: {
                    name: 'GET /api/users/me (PGlite)',
                    url: `${baseUrl}/api/users/me`,
                    headers: { authorization: `Bearer ${token}` },
                    cpuOf: { pid, postgres: false },
                  },
                  ceiling: {
                    name: 'bare Fastify + the same session query (PGlite)',
                    url: `${sessionCeiling.baseUrl}/`,
                    cpuOf: { pid: sessionCeiling.pid, postgres: false },
                  },
                },
                ...REPLAYED_PATHS.map(({ name, path, headers }, i) => ({
                  path: { name, url: `${baseUrl}${path}`, headers, cpuOf: { pid, postgres: false } },
                  ceiling: {
                    name: `same bytes as ${name}, bare Fastify`,
                    url: `${sameBytes.baseUrl}/${i}`,
                    cpuOf: { pid: sameBytes.pid, postgres: false },
                  },
                  bare: bareTarget,
                })),
              ],
              (n) => {
                memory.afterRoundsMb.push(residentMb(pid));
                console.log(`  round ${n} done, resident ${memory.afterRoundsMb.at(-1)} MB`);
              },
            );
            return { rows, memory };
          },
          {},
          dataDir,
        ),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(ceilingDir, { recursive: true, force: true });
  }
}

/** GET /api/users/me on a server over Postgres beside its ceiling on the same database, both running. */
export const benchProfileOnPostgres = () =>
  withPostgresDatabase('bench_me', (url) =>
    withServer(
      async (baseUrl, pid) => {
        const { token } = await signedInUser(baseUrl);
        return withStarted([() => startSessionCeiling({ databaseUrl: url.toString() }, sessionOf(token))], (ceiling) =>
          sideBySide([
            {
              path: {
                name: 'GET /api/users/me (Postgres)',
                url: `${baseUrl}/api/users/me`,
                headers: { authorization: `Bearer ${token}` },
                cpuOf: { pid, postgres: true },
              },
              ceiling: {
                name: 'bare Fastify + the same session query (Postgres)',
                url: `${ceiling.baseUrl}/`,
                cpuOf: { pid: ceiling.pid, postgres: true },
              },
            },
          ]),
        );
      },
      { DATABASE_URL: url.toString() },
    ),
  );

export function printServerMemory(m: ServerMemory): void {
  console.log(`Server resident memory: ${m.idleMb} MB at idle, ${m.afterRoundsMb.join(' MB, then ')} MB after each round of load`);
}
