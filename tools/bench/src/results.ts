// What a run found, as written to bench-results/bench.json, and the aims beside its figures.
import type { AdminResult } from './parts/admin';
import type { Argon2Result } from './parts/argon2';
import type { AuditLogResult } from './parts/audit-log';
import type { ClinicResult } from './parts/clinic';
import type { DataExportResult } from './parts/data-export';
import type { ExpensesResult } from './parts/expenses';
import type { GuessesResult } from './parts/guesses';
import type { ServerMemory } from './parts/http';
import type { LiveResult } from './parts/live';
import { AIM, type HomeAssets, type LighthouseReport } from './parts/lighthouse';
import type { LoggingCost } from './parts/logging';
import type { ParallelCheckoutResult } from './parts/parallel-checkout';
import type { ReceiptPdfResult } from './parts/receipt-pdf';
import type { RenewalsResult } from './parts/renewals';
import type { SignInResult } from './parts/sign-in';
import type { VideoResult } from './parts/video';
import type { HttpRow } from './side-by-side';
import { percent, round } from './shared';

/** An aim beside this run's figure, met or not. */
export interface Aim {
  aim: string;
  result: string;
  met: boolean;
  note?: string;
}

export interface Results {
  date: string;
  node: string;
  cpus: string;
  argon2: Argon2Result | null;
  receiptPdf: ReceiptPdfResult | null;
  signIn: SignInResult[];
  logging: LoggingCost[] | null;
  http: HttpRow[];
  serverMemory: ServerMemory | null;
  renewals: RenewalsResult | null;
  parallelCheckout: ParallelCheckoutResult | null;
  admin: AdminResult[];
  expenses: ExpensesResult | null;
  live: LiveResult | null;
  clinic: ClinicResult | null;
  auditLog: AuditLogResult | null;
  dataExport: DataExportResult | null;
  video: VideoResult | null;
  guesses: GuessesResult[];
  lighthouse: LighthouseReport | null;
  homeAssets: HomeAssets | null;
  aims: Aim[];
  notRun: { name: string; reason: string }[];
}

/**
 * The aims beside this run's figures, one row for each aim the run measured. An aim set against the
 * bare route also shows what a bare Fastify sending the same bytes reached: where that is below the
 * aim, no server sending those bytes could meet it on this host.
 */
export function aims(results: Results): Aim[] {
  const aims: Aim[] = [];
  const http = (name: string) => results.http.find((r) => r.name === name);
  if (results.receiptPdf)
    aims.push({
      aim: 'a receipt PDF p95 <= 200 ms',
      result: `${results.receiptPdf.receipt.p95Ms} ms`,
      met: results.receiptPdf.receipt.p95Ms <= 200,
    });
  for (const store of ['PGlite', 'Postgres']) {
    const me = http(`GET /api/users/me (${store})`);
    if (me)
      aims.push({
        aim: `GET /api/users/me (${store}) >= 80 % of its ceiling`,
        result: percent(me.shareOfCeiling),
        met: (me.shareOfCeiling ?? NaN) >= 0.8,
      });
  }
  for (const [name, share] of [
    ['GET /api/plans', 0.6],
    ['GET / (brotli)', 0.5],
    ['GET / (gzip)', 0.5],
  ] as const) {
    const path = http(name);
    const sameBytes = http(`same bytes as ${name}, bare Fastify`);
    if (path)
      aims.push({
        aim: `${name} >= ${share * 100} % of bare`,
        result: percent(path.shareOfBare),
        met: (path.shareOfBare ?? NaN) >= share,
        note: sameBytes ? `the same bytes from a bare Fastify: ${percent(sameBytes.shareOfBare)}` : '',
      });
  }
  for (const r of results.logging ?? [])
    aims.push({ aim: `production logging costs ${r.path} <= 10 %`, result: percent(r.cost), met: r.cost <= 0.1 });
  for (const si of results.signIn)
    aims.push({ aim: `sign-in (${si.store}) >= 90 % of the bare hash`, result: percent(si.share), met: si.share >= 0.9 });
  if (results.live)
    aims.push({
      aim: 'live updates: p95 from publication to frame <= 1 s, none missed',
      result: `${results.live.latencyMs.p95} ms, ${results.live.missed} missed`,
      met: results.live.latencyMs.p95 <= 1_000 && results.live.missed === 0,
    });
  for (const [call, r] of Object.entries(results.auditLog?.calls ?? {})) {
    aims.push({
      aim: `audit log, ${call}, ${results.auditLog!.rows} rows (Postgres): p95 <= ${r.aimMs} ms`,
      result: `${r.p95Ms} ms`,
      met: r.meetsAim === true,
    });
  }
  const clinic = results.clinic;
  if (clinic) {
    aims.push(
      {
        aim: `GET /api/clinic/queue, ${clinic.open} waiting, ${clinic.patients} patients (Postgres): p95 <= ${clinic.queue.aimMs} ms`,
        result: `${clinic.queue.p95Ms} ms`,
        met: clinic.queue.meetsAim === true,
        note: `GET /api/users/me at the same moment: ${clinic.floor.p95Ms} ms`,
      },
      {
        aim: `${clinic.claim.clinicians} clinicians claiming one request at once: 1 claim`,
        result: `${clinic.claim.claimed}, settled in ${clinic.claim.settleMs} ms`,
        met: clinic.claim.claimed === 1,
      },
      {
        aim: `${clinic.waitingRooms.rooms} waiting rooms: p95 from a claim to each page it changed <= 1 s, none missed`,
        result: `${clinic.waitingRooms.latencyMs.p95} ms, ${clinic.waitingRooms.missed} missed`,
        met: clinic.waitingRooms.latencyMs.p95 <= 1_000 && clinic.waitingRooms.missed === 0,
      },
    );
  }
  if (results.dataExport)
    aims.push({
      aim: `"Download my data" of a member with ${results.dataExport.visits} signed visits (Postgres) ready <= ${results.dataExport.aimMs / 1000} s`,
      result: `${results.dataExport.readyMs} ms`,
      met: results.dataExport.readyMs <= results.dataExport.aimMs,
    });
  const video = results.video;
  if (video)
    aims.push(
      {
        aim: `video: "Join video visit" pressed on both sides to a decoded frame on each, ${video.calls} calls on loopback: p95 <= ${video.firstFrameMs.aimMs / 1000} s`,
        result: `${video.firstFrameMs.bothSides.p95} ms`,
        met: video.firstFrameMs.meetsAim,
      },
      {
        aim: `video: a signal between two instances on one Postgres, ${video.signals} each way: p95 <= ${video.signalMs.aimMs} ms, none missed`,
        result: `${video.signalMs.all.p95} ms, ${video.signalMs.missed} missed`,
        met: video.signalMs.meetsAim,
      },
    );
  const checkout = http('checkout, PUT /api/users/{id}/subscription (sandbox, Postgres)');
  if (checkout) {
    aims.push({
      aim: 'checkout on Postgres, 20 patients: >= 300/s, one charge each',
      result: `${checkout.requestsPerSec}/s, ${checkout.charges} charges for ${checkout.paid} paid`,
      met: checkout.requestsPerSec >= 300 && checkout.charges === checkout.paid,
    });
  }
  if (results.renewals)
    aims.push({
      aim: `${results.renewals.memberships} renewals on Postgres <= 30 s`,
      result: `${results.renewals.seconds} s`,
      met: results.renewals.seconds <= 30,
    });
  if (results.parallelCheckout)
    aims.push({
      aim: `${results.parallelCheckout.checkouts} parallel checkouts by one patient: 1 charge`,
      result: `${results.parallelCheckout.charges}`,
      met: results.parallelCheckout.charges === 1,
    });
  const memory = results.serverMemory;
  if (memory && memory.afterRoundsMb.length > 1) {
    const [first, last] = [memory.afterRoundsMb[0], memory.afterRoundsMb.at(-1)];
    aims.push({
      aim: 'resident memory: no growth over the rounds (last <= first + 5 %)',
      result: `${memory.idleMb} MB idle, ${memory.afterRoundsMb.join(' / ')} MB`,
      met: typeof first === 'number' && typeof last === 'number' && last <= first * 1.05,
    });
  }
  for (const p of results.lighthouse?.pages ?? [])
    aims.push({
      aim: `Lighthouse ${p.path}: performance >= ${AIM.performance} (the rest >= ${AIM.score}), TBT <= ${AIM.tbtMs} ms, LCP <= ${AIM.lcpMs / 1000} s, CLS 0`,
      result: `${p.scores.performance}, ${p.tbtMs} ms, ${p.lcpMs === null ? '?' : round(p.lcpMs / 1000, 2)} s, ${p.cls}`,
      met: p.meetsAim,
    });
  if (results.homeAssets)
    aims.push({
      aim: `home page JavaScript <= ${AIM.homeJsKb} KB gzipped`,
      result: `${results.homeAssets.js.gzipKb} KB`,
      met: results.homeAssets.meetsAim,
    });
  return aims;
}

export function printAims(rows: Aim[]): void {
  console.log('Aims in this run');
  console.table(Object.fromEntries(rows.map(({ aim, result, met, note }) => [aim, { result, met: met ? 'yes' : 'NO', note: note ?? '' }])));
}
