import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import pg from 'pg';
import { chainReport, verifyAuditChain } from '../audit-verify';
import { loadConfig } from '../config';
import { checkoutBody } from '../test/checkout-body';
import { clusterSettingsFromEnv, startCluster, type Cluster } from './stack';

/**
 * `npm run drill`: the cluster (stack.ts) under a bounded mixed load through nginx, one instance
 * killed with SIGKILL in the middle of it and started again, then a rolling restart (each instance
 * stopped with SIGTERM and started again in turn); then the invariants: every charge once,
 * nothing left pending, every e-mail delivered once, every receipt intact, the audit chain intact,
 * and no failed request but those nginx had handed to the killed instance. Exits 1 when one breaks. Prints counts and routes,
 * never a token, a password or a patient's data.
 */
const PATIENTS = Number(process.env.DRILL_PATIENTS ?? 40);
const RENEWING = Number(process.env.DRILL_RENEWING ?? 10);
const WORKERS = Number(process.env.DRILL_WORKERS ?? 6);
const LOAD_MS = Number(process.env.DRILL_LOAD_MS ?? 30_000);
const MAX_REQUESTS = 5_000;
/** The moment in the load the instance is killed. */
const KILL_AT_MS = LOAD_MS * 0.35;
/**
 * nginx sends an instance it saw fail nothing for `fail_timeout` (5 s in deploy/nginx/careconnect.conf):
 * a rolling restart stops the next instance only once the last one is back in rotation.
 */
const BACK_IN_ROTATION_MS = 6_000;
/** Longest wait for settling: mail a killed worker had claimed goes back after its 60 s lease. */
const SETTLE_MS = 75_000;
const PASSWORD = 'Dr1ll!pass-word';
const DECLINING_CARD = '4000000000000002';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

interface Answer {
  status: number;
  body: Record<string, unknown>;
  raw: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/** One request of the load, for the report: the route's pattern, never its values. */
interface Sent {
  op: string;
  route: string;
  start: number;
  end: number;
  status: number;
  /** A refusal's message (the server's validation text, never a patient's data). */
  message?: string;
}

const sent: Sent[] = [];
const NO_ANSWER: Answer = { status: 0, body: {}, raw: Buffer.alloc(0), headers: {} };

/** JSON over HTTP from a client address of its own (127.x.y.z): the server's limits are per address. */
function send(
  base: string,
  from: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = httpRequest(
      `${base}${path}`,
      {
        method,
        agent,
        localAddress: from,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
          ...headers,
        },
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          let parsed: Record<string, unknown> = {};
          try {
            parsed = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
          } catch {
            // Not JSON.
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, raw, headers: res.headers });
        });
        res.on('error', () => resolve(NO_ANSWER));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    // No answer at all: status 0, as a browser's fetch that failed.
    req.on('error', () => resolve(NO_ANSWER));
    if (payload) req.write(payload);
    req.end();
  });
}

/** send(), recorded for the report when the load is under way. */
async function timed(recording: boolean, op: string, route: string, call: () => Promise<Answer>) {
  const start = Date.now();
  const answer = await call();
  const message = answer.status >= 400 && typeof answer.body.message === 'string' ? answer.body.message : undefined;
  if (recording) sent.push({ op, route, start, end: Date.now(), status: answer.status, ...(message ? { message } : {}) });
  return answer;
}

/** The token of the newest link of `kind` mailed to `to` (the SMTP sink), waiting up to 20 s. */
async function linkToken(cluster: Cluster, to: string, path: string): Promise<string> {
  const pattern = new RegExp(`/${path}/([A-Za-z0-9_.~-]+)`);
  for (let i = 0; i < 200; i++) {
    for (const mail of [...cluster.mail].reverse()) {
      if (!mail.to.includes(to)) continue;
      // Quoted-printable bodies break long lines with "=\r\n".
      const match = pattern.exec(mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
      if (match) return match[1]!;
    }
    await sleep(100);
  }
  throw new Error(`no ${path} link was mailed`);
}

interface Patient {
  index: number;
  from: string;
  email: string;
  id: string;
  token: string;
}

const addressOf = (index: number) => `127.1.${Math.floor(index / 250)}.${(index % 250) + 1}`;

async function signUp(cluster: Cluster, index: number, run: string): Promise<Patient> {
  const from = addressOf(index);
  const email = `drill.${run}.${index}@example.com`;
  const registered = await send(cluster.url, from, 'POST', '/api/users/register', {
    firstName: 'Drill',
    lastName: 'Patient',
    email,
    customerPhone: '3145550100',
    password: PASSWORD,
    dob: '1985-04-12',
    zip: '63101',
    subscriptionPlan: 'individualMonthly',
    smsPolicyAccepted: true,
  });
  if (registered.status !== 201) throw new Error(`sign-up answered ${registered.status}`);
  const verified = await send(cluster.url, from, 'POST', '/api/users/verify-email', {
    token: await linkToken(cluster, email, 'verify-email'),
  });
  if (verified.status !== 200) throw new Error(`verification answered ${verified.status}`);
  const login = await send(cluster.url, from, 'POST', '/api/auth/login', { email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
  return { index, from, email, id: (login.body.user as { id: string }).id, token: login.body.token as string };
}

async function signInAdmin(cluster: Cluster) {
  const from = '127.2.0.1';
  const asked = await send(cluster.url, from, 'POST', '/api/auth/login', { email: cluster.adminEmail, password: cluster.adminPassword });
  if (asked.status !== 200) throw new Error(`the admin's sign-in answered ${asked.status}`);
  const token = await linkToken(cluster, cluster.adminEmail, 'verify-admin-login');
  const session = await send(cluster.url, from, 'POST', '/api/auth/verify-admin-login', { token });
  if (session.status !== 200) throw new Error(`the admin's sign-in link answered ${session.status}`);
  return { from, token: session.body.token as string };
}

/** Statuses after which the web app sends a checkout again under the same key; 502 too, which nginx never resends. */
const RESEND = new Set([0, 408, 409, 502, 504]);

/** A checkout as the web app makes it: one Idempotency-Key for the submission, sent again while no answer came. */
async function checkout(cluster: Cluster, patient: Patient, card: string, recording: boolean) {
  const key = randomUUID();
  for (let attempt = 0; attempt < 40; attempt++) {
    const answer = await timed(recording, 'checkout', 'PUT /api/users/:id/subscription', () =>
      send(
        cluster.url,
        patient.from,
        'PUT',
        `/api/users/${patient.id}/subscription`,
        checkoutBody({ card: { cardholderName: 'Drill Patient', cardNumber: card, last4: card.slice(-4) } }),
        {
          authorization: `Bearer ${patient.token}`,
          'idempotency-key': key,
        },
      ),
    );
    if (!RESEND.has(answer.status)) return { key, status: answer.status, attempts: attempt + 1 };
    await sleep(500);
  }
  return { key, status: -1, attempts: 40 };
}

/** A small PDF receipt, different each time. */
function receiptPdf() {
  const bytes = Buffer.alloc(20_000, 0x20);
  bytes.write(`%PDF-1.7\n1 0 obj << /Type /Catalog /Drill (${randomUUID()}) >> endobj\n`, 0, 'latin1');
  bytes.write('\n%%EOF\n', bytes.length - 7, 'latin1');
  return bytes;
}

type ReceiptOutcome = 'intact' | 'not attached' | 'changed';

/**
 * An admin's receipt, as the Expenses tab adds one: the expense saved, an upload address asked for, the
 * file sent straight to the bucket, attached, then downloaded through nginx and compared.
 */
async function receipt(cluster: Cluster, admin: { from: string; token: string }): Promise<ReceiptOutcome> {
  const auth = { authorization: `Bearer ${admin.token}` };
  const expenseId = randomUUID();
  const bytes = receiptPdf();
  const file = { fileName: 'receipt.pdf', contentType: 'application/pdf', size: bytes.length };
  const saved = await timed(true, 'receipt', 'PUT /api/admin/expenses/:id', () =>
    send(cluster.url, admin.from, 'PUT', `/api/admin/expenses/${expenseId}`, { title: 'Drill receipt' }, auth),
  );
  if (saved.status !== 200) return 'not attached';
  const ticket = await timed(true, 'receipt', 'POST /api/admin/expenses/upload-initiate', () =>
    send(cluster.url, admin.from, 'POST', '/api/admin/expenses/upload-initiate', { expenseId, ...file }, auth),
  );
  if (ticket.status !== 200) return 'not attached';
  const { uploadUrl, fileUrl, headers } = ticket.body as { uploadUrl: string; fileUrl: string; headers: Record<string, string> };
  const put = await fetch(uploadUrl, { method: 'PUT', headers, body: bytes });
  if (!put.ok) return 'not attached';
  const attached = await timed(true, 'receipt', 'POST /api/admin/expenses/:id/attach', () =>
    send(cluster.url, admin.from, 'POST', `/api/admin/expenses/${expenseId}/attach`, { fileUrl, ...file }, auth),
  );
  if (attached.status !== 200) return 'not attached';
  const uploadId = fileUrl.split('/').at(-1)!;
  const download = await timed(true, 'receipt', 'GET /api/admin/expenses/uploads/:id', () =>
    send(cluster.url, admin.from, 'GET', `/api/admin/expenses/uploads/${uploadId}`, undefined, auth),
  );
  const digest = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  return download.status === 200 && digest(download.raw) === digest(bytes) ? 'intact' : 'changed';
}

async function countOf(db: pg.Client, query: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(query);
  return Number(rows[0]?.n);
}

async function main() {
  const started = Date.now();
  const cluster = await startCluster({
    ...clusterSettingsFromEnv(),
    port: Number(process.env.CLUSTER_PORT ?? 8090),
    extraEnv: {
      // A charge in flight long enough for the kill to catch some between the gateway and the ledger.
      SANDBOX_GATEWAY_LATENCY_MS: '300',
      // Settled by the first billing run after the restart.
      PAYMENT_RECONCILE_AFTER_MS: '1000',
    },
  });
  // Stopped by hand: the instances run in process groups of their own, so they, nginx, the database and
  // the roles are stopped and dropped here, as at the end.
  let db: pg.Client | null = null;
  const interrupted = () => {
    process.stdout.write('interrupted: stopping the cluster\n');
    void Promise.resolve(db?.end())
      .catch(() => undefined)
      .then(() => cluster.stop())
      .finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const failures: string[] = [];
  try {
    process.stdout.write(
      `cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s: nginx ${cluster.url}, ${cluster.instances.length} instances\n`,
    );
    for (const entry of cluster.instances) {
      const ready = await send(entry.url, '127.0.0.1', 'GET', '/health/ready');
      if (ready.status !== 200) failures.push(`${entry.name} /health/ready answered ${ready.status} at start`);
    }
    db = new pg.Client({ connectionString: cluster.ownerUrl });
    // Dropping the database at the end ends this connection too.
    db.on('error', () => undefined);
    await db.connect();
    const run = randomUUID().slice(0, 8);

    // Set-up, not counted: the admin, patients signed up through nginx, and members due for renewal.
    const setupStart = Date.now();
    const admin = await signInAdmin(cluster);
    const patients: Patient[] = [];
    for (let i = 0; i < PATIENTS; i += 4) {
      patients.push(...(await Promise.all([i, i + 1, i + 2, i + 3].filter((n) => n < PATIENTS).map((n) => signUp(cluster, n, run)))));
    }
    const renewing = patients.slice(0, RENEWING);
    for (const patient of renewing) {
      const paid = await checkout(cluster, patient, '4242424242424242', false);
      if (paid.status !== 200) throw new Error(`a set-up checkout answered ${paid.status}`);
    }
    // Paid a period ago: due now, charged by the next billing run (the restarted instance runs one at start).
    await db.query(
      `UPDATE users SET subscription_start_date = now() - interval '30 days 1 minute', next_subscription_renew_date = now() - interval '1 minute',
         subscription_end_date = now() - interval '1 minute' WHERE id = ANY($1::uuid[])`,
      [renewing.map((p) => p.id)],
    );
    await db.query(`UPDATE memberships SET next_charge_at = now() - interval '1 minute' WHERE user_id = ANY($1::uuid[])`, [
      renewing.map((p) => p.id),
    ]);
    process.stdout.write(
      `set-up in ${((Date.now() - setupStart) / 1000).toFixed(1)} s: ${patients.length} patients signed up and verified, ${RENEWING} of them paid and made due for renewal\n`,
    );

    // The load: WORKERS clients in turn over sign-ins, profile reads, plan reads, checkouts and admin edits.
    const buyers = patients.slice(RENEWING);
    const buyersTotal = buyers.length;
    const outcomes: { status: number; attempts: number }[] = [];
    const receipts: ReceiptOutcome[] = [];
    const loadStart = Date.now();
    const loadEnd = loadStart + LOAD_MS;
    let killedAt = 0;
    let restartedAt = 0;
    const victim = cluster.instances[0]!;
    let rolledFrom = 0;
    let rolledTo = 0;
    const killer = (async () => {
      await sleep(KILL_AT_MS);
      killedAt = Date.now();
      victim.process.kill();
      await victim.restart();
      restartedAt = Date.now();
      // Then a rolling restart, which loses nothing: a stopping instance answers what it has, and nginx
      // sends the rest on.
      await sleep(BACK_IN_ROTATION_MS);
      rolledFrom = Date.now();
      for (const instance of cluster.instances) {
        await instance.process.stop();
        await instance.restart();
        await sleep(BACK_IN_ROTATION_MS);
      }
      rolledTo = Date.now();
    })();
    let count = 0;
    const worker = async (w: number) => {
      for (let step = w; Date.now() < loadEnd && count < MAX_REQUESTS; step++) {
        count++;
        const patient = patients[(step * 7 + w) % patients.length]!;
        const auth = { authorization: `Bearer ${patient.token}` };
        switch (step % 6) {
          case 0:
            await timed(true, 'sign-in', 'POST /api/auth/login', () =>
              send(cluster.url, patient.from, 'POST', '/api/auth/login', { email: patient.email, password: PASSWORD }),
            );
            break;
          case 1:
          case 4:
            await timed(true, 'profile', 'GET /api/users/me', () =>
              send(cluster.url, patient.from, 'GET', '/api/users/me', undefined, auth),
            );
            break;
          case 2:
            await timed(true, 'plans', 'GET /api/plans', () => send(cluster.url, patient.from, 'GET', '/api/plans'));
            break;
          case 3: {
            // Spread over the whole load, so that some are under way when the instance dies.
            if (buyersTotal - buyers.length >= ((Date.now() - loadStart) / LOAD_MS) * buyersTotal + 1) break;
            const buyer = buyers.shift();
            if (!buyer) break;
            // One in five with a card that declines: a decline is charged never, and answered 402.
            const card = buyer.index % 5 === 0 ? DECLINING_CARD : '4242424242424242';
            outcomes.push(await checkout(cluster, buyer, card, true));
            break;
          }
          case 5: {
            const adminAuth = { authorization: `Bearer ${admin.token}` };
            // The renewing members, whose renewals and these edits take turns; a buyer's membership could
            // change between the search and the edit, which the server rightly refuses without a reason.
            const member = renewing[step % renewing.length]!;
            if (step % 12 === 11) {
              receipts.push(await receipt(cluster, admin));
              break;
            }
            const found = await timed(true, 'admin search', 'GET /api/admin/search', () =>
              send(cluster.url, admin.from, 'GET', `/api/admin/search?email=${encodeURIComponent(member.email)}`, undefined, adminAuth),
            );
            const row = Object.values(found.body)
              .find((value): value is Record<string, unknown>[] => Array.isArray(value))
              ?.find((each) => each.email === member.email);
            if (!row) break;
            await timed(true, 'admin edit', 'PUT /api/admin/users/:id', () =>
              send(
                cluster.url,
                admin.from,
                'PUT',
                `/api/admin/users/${member.id}`,
                {
                  email: row.email,
                  firstName: `Drill${step % 10}`,
                  lastName: row.lastName,
                  roles: row.roles,
                  verified: row.verified,
                  smsPolicyAccepted: row.smsPolicyAccepted,
                  subscriptionStatus: row.subscriptionStatus,
                  subscriptionPlan: row.subscriptionPlan,
                  subscriptionAmount: row.subscriptionAmount,
                },
                adminAuth,
              ),
            );
            break;
          }
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    await killer;
    const loadSeconds = (Date.now() - loadStart) / 1000;

    // Settling: the restarted instance's billing run reconciles and renews; the mail workers deliver.
    const settleStart = Date.now();
    let pending = -1;
    let unsent = -1;
    let renewed = -1;
    let paidUpAfter: number | null = null;
    let mailedAfter: number | null = null;
    while (Date.now() - settleStart < SETTLE_MS) {
      pending = await countOf(db, `SELECT count(*) AS n FROM payments WHERE status = 'pending'`);
      unsent = await countOf(db, `SELECT count(*) AS n FROM mail_outbox WHERE sent_at IS NULL`);
      renewed = await countOf(db, `SELECT count(DISTINCT user_id) AS n FROM payments WHERE kind = 'renewal' AND status <> 'pending'`);
      if (pending === 0) paidUpAfter ??= (Date.now() - settleStart) / 1000;
      if (unsent === 0) mailedAfter ??= (Date.now() - settleStart) / 1000;
      if (pending === 0 && unsent === 0 && renewed >= RENEWING) break;
      await sleep(500);
    }
    const settleSeconds = (Date.now() - settleStart) / 1000;
    for (const entry of cluster.instances) {
      const ready = await send(entry.url, '127.0.0.1', 'GET', '/health/ready');
      if (ready.status !== 200) failures.push(`${entry.name} /health/ready answered ${ready.status} after the drill`);
    }

    const renewalTimes = (
      await db.query<{ first: Date | null; last: Date | null }>(
        `SELECT min(created_at) AS first, max(created_at) AS last FROM payments WHERE kind = 'renewal'`,
      )
    ).rows[0];

    // Invariants.
    const charges = (
      await db.query<{ idempotency_key: string; ok: boolean; voided: boolean }>(
        `SELECT idempotency_key, (result->>'ok')::boolean AS ok, voided_at IS NOT NULL AS voided FROM sandbox_gateway_charges`,
      )
    ).rows;
    const ledger = (
      await db.query<{ gateway_key: string | null; kind: string; status: string; user_id: string; period: string | null }>(
        `SELECT gateway_key, kind, status, user_id, period_start::text AS period FROM payments`,
      )
    ).rows;
    const kept = charges.filter((c) => c.ok && !c.voided);
    const succeeded = ledger.filter((p) => p.status === 'succeeded');
    const succeededKeys = new Map<string, number>();
    for (const p of succeeded) succeededKeys.set(p.gateway_key ?? '', (succeededKeys.get(p.gateway_key ?? '') ?? 0) + 1);
    const chargedNotRecorded = kept.filter((c) => succeededKeys.get(c.idempotency_key) !== 1).length;
    const recordedNotCharged = succeeded.filter((p) => !kept.some((c) => c.idempotency_key === p.gateway_key)).length;
    const perPurchase = new Map<string, number>();
    for (const p of succeeded) {
      const what = p.kind === 'renewal' ? `renewal ${p.user_id} ${p.period}` : `checkout ${p.user_id}`;
      perPurchase.set(what, (perPurchase.get(what) ?? 0) + 1);
    }
    const chargedTwice = [...perPurchase.values()].filter((n) => n > 1).length;
    if (chargedNotRecorded) failures.push(`${chargedNotRecorded} gateway charges without exactly one succeeded payment`);
    if (recordedNotCharged) failures.push(`${recordedNotCharged} succeeded payments without a kept gateway charge`);
    if (chargedTwice) failures.push(`${chargedTwice} purchases or renewal periods paid more than once`);
    if (pending !== 0) failures.push(`${pending} payments still pending after ${settleSeconds.toFixed(0)} s`);
    const undecided = outcomes.filter((o) => o.status !== 200 && o.status !== 402).length;
    if (undecided) failures.push(`${undecided} checkouts without a final answer (200 or 402)`);
    const renewalsCharged = new Set(succeeded.filter((p) => p.kind === 'renewal').map((p) => p.user_id)).size;
    if (renewalsCharged < RENEWING) failures.push(`${renewalsCharged} of ${RENEWING} due memberships renewed`);

    const outbox = (await db.query<{ recipient: string; n: string }>(`SELECT recipient, count(*) AS n FROM mail_outbox GROUP BY recipient`))
      .rows;
    const delivered = new Map<string, number>();
    for (const mail of cluster.mail) for (const to of mail.to) delivered.set(to, (delivered.get(to) ?? 0) + 1);
    const queued = outbox.reduce((sum, row) => sum + Number(row.n), 0);
    const notOnce = outbox.filter((row) => (delivered.get(row.recipient) ?? 0) !== Number(row.n));
    const duplicates = notOnce.filter((row) => (delivered.get(row.recipient) ?? 0) > Number(row.n)).length;
    if (unsent !== 0) failures.push(`${unsent} queued e-mails not delivered`);
    if (notOnce.length)
      failures.push(`${notOnce.length} recipients got a different number of e-mails than were queued for them (${duplicates} got more)`);

    const chain = await verifyAuditChain(loadConfig(cluster.serverEnv));
    if (!chain.intact) failures.push(chainReport(chain));

    // Failed requests: 5xx or no answer. Only those nginx had handed to the killed instance may fail:
    // its access log names the instances it tried; a request it moved to another one did not fail.
    const victimAddress = new URL(victim.url).host;
    const handedToVictim = new Map<string, number>();
    for (const line of readFileSync(cluster.accessLog, 'utf8').split('\n')) {
      const [, method, uri, status, ...rest] = line.split(' ');
      const upstreams = rest.slice(0, -1).join(' ');
      if (!method || !uri || Number(status) < 500 || !upstreams.split(', ').pop()?.startsWith(victimAddress)) continue;
      const route = `${method} ${uri.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ':id')}`;
      handedToVictim.set(route, (handedToVictim.get(route) ?? 0) + 1);
    }
    const failed = sent.filter((s) => s.status === 0 || s.status >= 500);
    const explained = new Set<Sent>();
    for (const s of failed) {
      const left = handedToVictim.get(s.route) ?? 0;
      if (s.status === 0 || left === 0 || s.end < killedAt || s.start > restartedAt) continue;
      handedToVictim.set(s.route, left - 1);
      explained.add(s);
    }
    const unexplained = failed.filter((s) => !explained.has(s));
    if (unexplained.length) failures.push(`${unexplained.length} requests failed that nginx had not handed to the killed instance`);
    const changed = receipts.filter((r) => r === 'changed').length;
    if (changed) failures.push(`${changed} attached receipts did not download as uploaded`);
    const others = sent.filter(
      (s) => s.status >= 400 && s.status < 500 && !(s.op === 'checkout' && (s.status === 402 || s.status === 409)),
    );
    if (others.length)
      failures.push(
        `${others.length} requests answered 4xx unexpectedly: ${others.map((s) => `${s.route} ${s.status} ${s.message ?? ''}`).join('; ')}`,
      );

    const byStatus = new Map<string, number>();
    for (const s of sent) byStatus.set(`${s.route} ${s.status}`, (byStatus.get(`${s.route} ${s.status}`) ?? 0) + 1);
    const ms = (n: number) => `${((n - loadStart) / 1000).toFixed(2)} s`;
    const lines = [
      `load: ${sent.length} requests in ${loadSeconds.toFixed(1)} s through nginx by ${WORKERS} clients; ${victim.name} killed (SIGKILL) at ${ms(killedAt)}, answering again at ${ms(restartedAt)} (${((restartedAt - killedAt) / 1000).toFixed(1)} s)`,
      ...[...byStatus.entries()].sort().map(([what, n]) => `  ${what}: ${n}`),
      `checkouts: ${outcomes.length} (${outcomes.filter((o) => o.status === 200).length} paid, ${outcomes.filter((o) => o.status === 402).length} declined), ${outcomes.filter((o) => o.attempts > 1).length} sent more than once under their key`,
      `receipts: ${receipts.length} (${receipts.filter((r) => r === 'intact').length} uploaded to S3, attached and downloaded intact through nginx, ${receipts.filter((r) => r === 'not attached').length} not attached)`,
      `rolling restart (SIGTERM, then start, one instance after the other) from ${ms(rolledFrom)} to ${ms(rolledTo)}: ${
        failed.filter((f) => f.end >= rolledFrom && f.start <= rolledTo).length
      } requests failed meanwhile`,
      `failed requests (5xx or no answer): ${failed.length}`,
      ...failed.map(
        (s) =>
          `  ${s.route} ${s.status === 0 ? 'no answer' : s.status}, sent at ${ms(s.start)}, ended at ${ms(s.end)}: ${explained.has(s) ? `handed to ${victim.name} by nginx, not resent` : 'NOT handed to the killed instance'}`,
      ),
      `settled in ${settleSeconds.toFixed(1)} s after the load: payments pending ${pending} (none left after ${paidUpAfter?.toFixed(1) ?? '-'} s), e-mails unsent ${unsent} (none left after ${mailedAfter?.toFixed(1) ?? '-'} s; mail a killed instance had claimed waits for its 60 s lease)`,
      `gateway: ${charges.length} keys, ${kept.length} charges kept, ${charges.filter((c) => c.voided).length} voided; ledger: ${ledger.length} payments, ${succeeded.length} succeeded (${succeeded.filter((p) => p.kind === 'renewal').length} renewals of ${RENEWING} due)`,
      `renewals charged from ${renewalTimes?.first ? ms(renewalTimes.first.getTime()) : '-'} to ${renewalTimes?.last ? ms(renewalTimes.last.getTime()) : '-'} of the load`,
      `e-mail: ${queued} queued, ${cluster.mail.length} delivered to the sink`,
      `audit: ${chainReport(chain)}`,
      `total ${((Date.now() - started) / 1000).toFixed(1)} s`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await db?.end();
    agent.destroy();
    await cluster.stop();
  }
  if (failures.length) {
    process.stdout.write(`DRILL FAILED:\n${failures.map((f) => `  - ${f}`).join('\n')}\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write('drill passed: every invariant held\n');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
