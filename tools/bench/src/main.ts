// `npm run bench`: the speed of the built server's hot paths, each measured beside its ceiling.
//  (a) argon2: the server's own hashPassword/verifyPassword (apps/server/src/lib/crypto.ts), 20 runs each.
//  (b) sign-in, 8 patients at a time, beside the bare verification of the same hash 8 at a time: on PGlite,
//      on Postgres, and on Postgres with the limits in Redis (BENCH_REDIS_URL, a database the bench empties).
//  (c) logging: production logging (LOG_LEVEL=info) beside none, two servers side by side.
//  (d) http: autocannon, 50 connections: GET /api/users/me (signed in) beside the same session query in a
//      bare Fastify process on the same database (PGlite and Postgres), GET /api/plans and GET / (Brotli,
//      gzip) beside a bare Fastify process replaying their exact bytes and beside a bare Fastify route.
//      (b), (c) and (d) take each pair in turn for a few seconds, BENCH_HTTP_ROUNDS (5) times, the order
//      reversed every other round, and report the median of the rounds' ratios: this host's speed moves
//      by half between runs seconds apart, the ratio of two loads taken back to back much less.
//  (e) checkout: 20 signed-in patients paying at once through the sandbox gateway for 10 s (PGlite, Postgres).
//  (f) renewals: the renewal job over BENCH_RENEWALS (100,000) due memberships on the Postgres server named
//      by BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), in a database of its own;
//      parallel-checkout: 50 parallel checkouts by one patient there (the sandbox must record 1 charge).
//  (g) lighthouse: Lighthouse (mobile defaults) on five public pages with the Chromium at CHROMIUM_PATH
//      (default /usr/bin/chromium), the median of BENCH_LIGHTHOUSE_RUNS (5) runs per page, and the gzipped
//      (-9) size of the JavaScript the home page loaded and of its inlined CSS.
//  (h) guesses: 300 parallel wrong passwords for one account: how many reached the hash (at most the
//      sign-in limit); on Postgres too when the renewals part runs.
//  (i) admin: the admin dashboard's calls on BENCH_ADMIN_USERS (1,000,000) users on Postgres and
//      BENCH_ADMIN_PGLITE_USERS (100,000) on PGlite; expenses: the Expenses tab on BENCH_EXPENSES (100,000)
//      expenses on Postgres with a 10 MB receipt on each storage driver (local disk; S3 through s3rver).
//  (j) live: BENCH_LIVE_STREAMS (1,000) event streams on one server process following one visit on Postgres,
//      and the time from each of BENCH_LIVE_CHANGES (20) changes published by another process to every stream's frame.
//  (k) clinic: GET /api/clinic/queue on BENCH_CLINIC_PATIENTS (1,000,000) patients and BENCH_CLINIC_OPEN (10,000)
//      waiting requests on Postgres, 50 clinicians claiming one request at once (exactly one claim), and
//      BENCH_LIVE_ROOMS (1,000) open waiting rooms, each claim of their requests timed to every page it changed.
//  (l) audit-log: the audit log's pages (unfiltered, deep by cursor, by actor, subject, action and days) on
//      BENCH_AUDIT_ROWS (10,000,000) rows of the trail on Postgres.
//  (m) receipt-pdf: the server's receipt and yearly statement PDFs, drawn 200 times each (aim: p95 <= 200 ms).
//  (n) video: BENCH_VIDEO_CALLS (20) video calls between two headless Chromium contexts with fake devices, each
//      page timed from its click on "Join video visit" to its first decoded frame (aim: p95 <= 3 s), and
//      BENCH_VIDEO_SIGNALS (200) signals each way between two server instances on one Postgres (aim: p95 <= 200 ms).
// BENCH_ONLY=argon2,sign-in,logging,http,checkout,renewals,parallel-checkout,lighthouse,guesses,admin,expenses,live,clinic,audit-log,data-export,receipt-pdf,video
// (comma-separated) runs only the named parts; BENCH_NODE_ARGS passes Node options to the processes it
// starts. Results are printed and written to bench-results/bench.json, last a table of the aims beside
// this run's figures (met or not; for an aim set against the bare route, what a bare Fastify sending the
// same bytes reached, which says whether this host allows it). It exits with 1 when a part did not run.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { buildIfNeeded } from '../../../scripts/build-if-needed.mjs';
import { ADMIN_USERS, benchAdminOnPglite, benchAdminOnPostgres, printAdmin, type AdminResult } from './parts/admin';
import { benchArgon2, HASH_RUNS, printArgon2 } from './parts/argon2';
import { AUDIT_ROWS, benchAuditLog, printAuditLog } from './parts/audit-log';
import { benchClinic, CLAIMERS, CLINIC_OPEN, CLINIC_PATIENTS, printClinic } from './parts/clinic';
import { benchDataExport, EXPORT_VISITS, printDataExport } from './parts/data-export';
import { benchCheckout, benchCheckoutOnPostgres, CHECKOUT_PATIENTS, DURATION_S } from './parts/checkout';
import {
  benchExpenseList,
  EXPENSES,
  printExpenseList,
  printReceipts,
  receiptThroughput,
  withS3rver,
  type ExpensesResult,
  type ReceiptThroughput,
} from './parts/expenses';
import { benchParallelGuessesOnPglite, benchParallelGuessesOnPostgres, GUESSES, printGuesses, type GuessesResult } from './parts/guesses';
import { benchProfileOnPostgres, benchServerPaths, printServerMemory } from './parts/http';
import { benchLive, LIVE_CHANGES, LIVE_ROOMS, LIVE_STREAMS, printLive, printWaitingRooms } from './parts/live';
import { benchLighthouse, homeAssets, LIGHTHOUSE_PAGES, printHomeAssets, printLighthouse } from './parts/lighthouse';
import { benchLoggingCost, printLogging } from './parts/logging';
import { benchReceiptPdf, printReceiptPdf, RECEIPT_RUNS } from './parts/receipt-pdf';
import { benchParallelCheckout, PARALLEL_CHECKOUTS, printParallelCheckout } from './parts/parallel-checkout';
import { benchRenewals, printRenewals, RENEWALS } from './parts/renewals';
import { printSignIn, SIGN_IN_LOAD_S, SIGN_IN_PATIENTS, signInSteps } from './parts/sign-in';
import { benchVideo, printVideo, VIDEO_CALLS, VIDEO_SIGNALS } from './parts/video';
import { aims, printAims, type Results } from './results';
import { checkHttp, HTTP_LOAD_S, HTTP_ROUNDS, printHttp, type HttpRow } from './side-by-side';
import { root, type Step } from './shared';

const PARTS = [
  'argon2',
  'receipt-pdf',
  'sign-in',
  'logging',
  'http',
  'checkout',
  'renewals',
  'parallel-checkout',
  'lighthouse',
  'guesses',
  'admin',
  'expenses',
  'live',
  'clinic',
  'audit-log',
  'data-export',
  'video',
] as const;
type Part = (typeof PARTS)[number];

const isPart = (name: string): name is Part => (PARTS as readonly string[]).includes(name);
const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const unknown = only.filter((p) => !isPart(p));
if (unknown.length > 0) throw new Error(`BENCH_ONLY: unknown part ${unknown.join(', ')}; choose from ${PARTS.join(', ')}`);
const runs = (part: Part) => only.length === 0 || only.includes(part);

const results: Results = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: `${cpus().length} x ${cpus()[0]?.model ?? 'unknown'}`,
  argon2: null,
  receiptPdf: null,
  signIn: [],
  logging: null,
  http: [],
  serverMemory: null,
  renewals: null,
  parallelCheckout: null,
  admin: [],
  expenses: null,
  live: null,
  clinic: null,
  auditLog: null,
  dataExport: null,
  video: null,
  guesses: [],
  lighthouse: null,
  homeAssets: null,
  aims: [],
  notRun: [],
};

const notRun = (name: string, error: unknown) => {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(`  not run: ${reason}`);
  results.notRun.push({ name, reason });
};

buildIfNeeded();

if (runs('argon2')) {
  console.log(`argon2id: ${HASH_RUNS} hashes and verifications ...`);
  results.argon2 = await benchArgon2();
}

if (runs('receipt-pdf')) {
  console.log(`receipt PDFs: ${RECEIPT_RUNS} receipts and statements ...`);
  results.receiptPdf = await benchReceiptPdf();
}

if (runs('logging')) {
  console.log(
    `logging: the plan catalogue and the home page at LOG_LEVEL=info beside silent, ${HTTP_ROUNDS} rounds of ${HTTP_LOAD_S} s per load ...`,
  );
  try {
    results.logging = await benchLoggingCost();
  } catch (error) {
    notRun('logging cost', error);
  }
}

if (runs('sign-in')) {
  console.log(
    `sign-in: ${SIGN_IN_PATIENTS} patients signing in beside the bare hash verification as many at a time, ${HTTP_ROUNDS} rounds of ${SIGN_IN_LOAD_S} s each ...`,
  );
  for (const [label, run] of signInSteps()) {
    try {
      // Named by the step: two of them run on Postgres.
      results.signIn.push({ ...(await run()), store: label });
    } catch (error) {
      notRun(`sign-in (${label})`, error);
    }
  }
}

const httpSteps: Step<HttpRow[]>[] = [
  ...(runs('http')
    ? ([
        [
          `the hot paths on one server (PGlite), each beside its ceilings, ${HTTP_ROUNDS} rounds of ${HTTP_LOAD_S} s per load`,
          async () => {
            const { rows, memory } = await benchServerPaths();
            results.serverMemory = memory;
            return rows;
          },
        ],
        [`GET /api/users/me beside its ceiling on Postgres, ${HTTP_ROUNDS} rounds of ${HTTP_LOAD_S} s per load`, benchProfileOnPostgres],
      ] satisfies Step<HttpRow[]>[])
    : []),
  ...(runs('checkout')
    ? ([
        [`checkout with ${CHECKOUT_PATIENTS} patients for ${DURATION_S} s (PGlite)`, async () => [await benchCheckout('PGlite')]],
        [`checkout with ${CHECKOUT_PATIENTS} patients for ${DURATION_S} s (Postgres)`, async () => [await benchCheckoutOnPostgres()]],
      ] satisfies Step<HttpRow[]>[])
    : []),
];
for (const [label, run] of httpSteps) {
  console.log(`${label} ...`);
  try {
    results.http.push(...(await run()));
  } catch (error) {
    notRun(label, error);
  }
}

if (runs('renewals')) {
  console.log(`renewal job: ${RENEWALS} due memberships on Postgres ...`);
  try {
    results.renewals = await benchRenewals();
  } catch (error) {
    notRun('renewal job', error);
  }
}

if (runs('parallel-checkout')) {
  console.log(`${PARALLEL_CHECKOUTS} parallel checkouts by one patient on Postgres ...`);
  try {
    results.parallelCheckout = await benchParallelCheckout();
  } catch (error) {
    notRun('parallel checkouts', error);
  }
}

if (runs('guesses')) {
  const steps: Step<GuessesResult>[] = [
    ['PGlite', benchParallelGuessesOnPglite],
    ...(runs('renewals') ? ([['Postgres', benchParallelGuessesOnPostgres]] satisfies Step<GuessesResult>[]) : []),
  ];
  for (const [label, run] of steps) {
    console.log(`${GUESSES} parallel wrong passwords for one account (${label}) ...`);
    try {
      const result = await run();
      results.guesses.push(result);
      if (!result.within)
        notRun(`${GUESSES} parallel wrong passwords (${label})`, `${result.evaluated} reached the hash; the limit is ${result.limit}`);
    } catch (error) {
      notRun(`${GUESSES} parallel wrong passwords (${label})`, error);
    }
  }
}

if (runs('admin')) {
  const steps: Step<AdminResult>[] = [
    [`PGlite, ${ADMIN_USERS.pglite} users`, benchAdminOnPglite],
    [`Postgres, ${ADMIN_USERS.postgres} users`, benchAdminOnPostgres],
  ];
  for (const [label, run] of steps) {
    console.log(`admin dashboard calls (${label}) ...`);
    try {
      const result = await run();
      results.admin.push(result);
      for (const [call, row] of Object.entries(result.calls))
        if (row.meetsAim === false) notRun(`admin: ${call} (${label})`, `p95 ${row.p95Ms} ms, aim ${row.aimMs} ms`);
    } catch (error) {
      notRun(`admin dashboard calls (${label})`, error);
    }
  }
}

if (runs('expenses')) {
  const expenses: ExpensesResult = { list: null, receipts: [] };
  results.expenses = expenses;
  console.log(`expenses list (Postgres, ${EXPENSES} expenses) ...`);
  try {
    expenses.list = await benchExpenseList();
    for (const [call, row] of Object.entries(expenses.list.calls))
      if (!row.meetsAim) notRun(`expenses: ${call}`, `p95 ${row.p95Ms} ms, aim ${row.aimMs} ms`);
  } catch (error) {
    notRun('expenses list', error);
  }
  const steps: Step<ReceiptThroughput>[] = [
    ['local disk', () => receiptThroughput('local', { STORAGE: 'local' })],
    ['S3 (s3rver)', () => withS3rver((env) => receiptThroughput('s3 (s3rver)', env))],
  ];
  for (const [label, run] of steps) {
    console.log(`10 MB receipt upload and download (${label}) ...`);
    try {
      expenses.receipts.push(await run());
    } catch (error) {
      notRun(`receipt throughput (${label})`, error);
    }
  }
}

if (runs('live')) {
  console.log(`live updates: ${LIVE_STREAMS} event streams, ${LIVE_CHANGES} changes published from another process (Postgres) ...`);
  try {
    results.live = await benchLive();
    if (results.live.missed > 0) notRun('live updates', `${results.live.missed} frames missed`);
  } catch (error) {
    notRun('live updates', error);
  }
}

if (runs('clinic')) {
  console.log(
    `clinic: the queue on ${CLINIC_PATIENTS} patients and ${CLINIC_OPEN} waiting requests, ${CLAIMERS} clinicians claiming one, ${LIVE_ROOMS} waiting rooms (Postgres) ...`,
  );
  try {
    const clinic = await benchClinic();
    results.clinic = clinic;
    if (!clinic.queue.meetsAim) notRun('clinic: GET /api/clinic/queue', `p95 ${clinic.queue.p95Ms} ms, aim ${clinic.queue.aimMs} ms`);
    if (clinic.waitingRooms.missed > 0) notRun('clinic: waiting rooms', `${clinic.waitingRooms.missed} pages missed a claim`);
  } catch (error) {
    notRun('clinic', error);
  }
}

if (runs('audit-log')) {
  console.log(`audit log: its pages on ${AUDIT_ROWS} rows of the trail (Postgres) ...`);
  try {
    results.auditLog = await benchAuditLog();
    const missed = Object.entries(results.auditLog.calls).filter(([, call]) => !call.meetsAim);
    for (const [call, r] of missed) notRun(`audit log: ${call}`, `p95 ${r.p95Ms} ms, aim ${r.aimMs} ms`);
  } catch (error) {
    notRun('audit log', error);
  }
}

if (runs('data-export')) {
  console.log(`data download: a member with ${EXPORT_VISITS} signed visits (Postgres) ...`);
  try {
    results.dataExport = await benchDataExport();
    if (results.dataExport.readyMs > results.dataExport.aimMs)
      notRun('data download', `ready in ${results.dataExport.readyMs} ms, aim ${results.dataExport.aimMs} ms`);
  } catch (error) {
    notRun('data download', error);
  }
}

if (runs('video')) {
  console.log(
    `video visits: ${VIDEO_CALLS} calls between two Chromium contexts, ${VIDEO_SIGNALS} signals each way between two instances (Postgres) ...`,
  );
  try {
    const video = await benchVideo();
    results.video = video;
    if (!video.firstFrameMs.meetsAim)
      notRun('video: first decoded frame', `p95 ${video.firstFrameMs.bothSides.p95} ms, aim ${video.firstFrameMs.aimMs} ms`);
    if (!video.signalMs.meetsAim)
      notRun(
        'video: signals between instances',
        `p95 ${video.signalMs.all.p95} ms, aim ${video.signalMs.aimMs} ms, ${video.signalMs.missed} missed`,
      );
  } catch (error) {
    notRun('video visits', error);
  }
}

if (runs('lighthouse')) {
  console.log(`Lighthouse (mobile): ${LIGHTHOUSE_PAGES.join(', ')} ...`);
  let homeLoaded: string[] | null = null;
  try {
    const lighthouse = await benchLighthouse(notRun);
    results.lighthouse = lighthouse.report;
    homeLoaded = lighthouse.homeLoaded;
  } catch (error) {
    notRun('lighthouse', error);
  }
  try {
    if (!homeLoaded) throw new Error('Lighthouse did not load the home page');
    results.homeAssets = homeAssets(homeLoaded);
  } catch (error) {
    notRun('home page JS/CSS sizes', error);
  }
}

if (results.argon2) printArgon2(results.argon2);
if (results.receiptPdf) printReceiptPdf(results.receiptPdf);
if (results.logging) printLogging(results.logging);
for (const si of results.signIn) printSignIn(si);
printHttp(results.http);
if (results.serverMemory) printServerMemory(results.serverMemory);
checkHttp(results.http, notRun);
if (results.renewals) printRenewals(results.renewals);
if (results.parallelCheckout) printParallelCheckout(results.parallelCheckout);
for (const a of results.admin) printAdmin(a);
if (results.expenses?.list) printExpenseList(results.expenses.list);
if (results.expenses?.receipts.length) printReceipts(results.expenses.receipts);
if (results.guesses.length > 0) printGuesses(results.guesses);
if (results.live) printLive(results.live);
if (results.clinic) {
  printClinic(results.clinic);
  printWaitingRooms(results.clinic.waitingRooms);
}
if (results.auditLog) printAuditLog(results.auditLog);
if (results.dataExport) printDataExport(results.dataExport);
if (results.video) printVideo(results.video);
if (results.lighthouse) printLighthouse(results.lighthouse);
if (results.homeAssets) printHomeAssets(results.homeAssets);

results.aims = aims(results);
if (results.aims.length > 0) printAims(results.aims);

mkdirSync(join(root, 'bench-results'), { recursive: true });
writeFileSync(join(root, 'bench-results/bench.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('Written to bench-results/bench.json');
if (results.notRun.length > 0) process.exit(1);
