// Loads with autocannon, a path beside its ceiling in turn (the http and logging parts), and the
// HTTP table they print with the checkout part's rows.
import type { OutgoingHttpHeaders } from 'node:http';
import autocannon from 'autocannon';
import { cpuMeter, cpuMs, eachRound, median, percent, postgresCpuMs, round, type CpuReader, type CpuShares } from './shared';

const CONNECTIONS = 50;

/** Rounds of side-by-side loads; the order is reversed every other round, so a host speeding up or slowing down favours neither side. */
export const HTTP_ROUNDS = Number(process.env.BENCH_HTTP_ROUNDS ?? 5);
export const HTTP_LOAD_S = 3;
export const WARM_UP_S = 2;

/** The public paths whose answers a bare Fastify process can replay byte for byte (see the http part's same-bytes ceiling). */
export const REPLAYED_PATHS: { name: string; path: string; headers: Record<string, string> }[] = [
  { name: 'GET /api/plans', path: '/api/plans', headers: {} },
  { name: 'GET / (brotli)', path: '/', headers: { 'accept-encoding': 'br' } },
  { name: 'GET / (gzip)', path: '/', headers: { 'accept-encoding': 'gzip' } },
];

/** One load's figures. */
interface LoadRow {
  /** CPU per request of the process answering (and of Postgres), in µs. */
  cpuUsPerRequest?: CpuShares;
  name: string;
  url: string;
  connections: number;
  durationS: number;
  requestsPerSec: number;
  p99Ms: number;
  averageMs: number;
  non2xx: number;
  errors: number;
}

/** A load's row after its rounds: the median round's figures and its shares of the bare route and of its ceiling. */
export interface SideBySideRow extends LoadRow {
  requestsPerSecEachRound: number[];
  shareOfBare: number | null;
  shareOfCeiling: number | null;
  /** The ceiling's name, on a path's row. */
  ceiling?: string;
  sharesOfCeilingEachRound?: number[];
}

/** A row of the HTTP table: a path or a ceiling loaded side by side, or a checkout run. */
export interface HttpRow extends LoadRow {
  requestsPerSecEachRound?: number[];
  shareOfBare?: number | null;
  shareOfCeiling?: number | null;
  ceiling?: string;
  sharesOfCeilingEachRound?: number[];
  /** CPU per checkout of the server, Postgres and the client, in ms. */
  cpuMsPerCheckout?: CpuShares;
  paid?: number;
  charges?: number;
}

/** What to load: a URL, its headers, and the process (and whether Postgres) whose CPU per request to measure. */
interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
  cpuOf?: { pid: number; postgres: boolean };
}

/** A path beside its ceiling and, if given, the bare route. */
export interface Comparison {
  path: Target;
  ceiling: Target;
  bare?: Target;
}

type Side = keyof Comparison;

/** One round of a comparison: each side's load. */
interface Measured {
  path: LoadRow;
  ceiling: LoadRow;
  bare?: LoadRow;
}

/** The part of autocannon's client that keeps the bodies of the answers (not in its published types). */
interface ClientInternals {
  pipelinedRequests: { addBody: (chunk: Buffer) => void };
}

/**
 * autocannon's options for loading `url`. Each connection counts the answer's bytes but does not
 * keep its body: autocannon appends every body chunk to a string (to compare it with an expected
 * body, which we do not use), and decoding a 21 KB Brotli page as UTF-8 text took the client's
 * whole core, holding GET / near 2,000 answers/s however fast the server was (25,000/s without).
 */
function loadOptions(url: string, headers: OutgoingHttpHeaders, durationS: number): autocannon.Options {
  return {
    url,
    connections: CONNECTIONS,
    duration: durationS,
    headers: headers as Record<string, string>,
    setupClient: (client) => {
      (client as unknown as ClientInternals).pipelinedRequests.addBody = () => {};
    },
  };
}

/**
 * Loads `url` with autocannon; with `cpuOf` ({ pid, postgres }), also the CPU per request of that
 * process and, if `postgres`, of the Postgres processes: where a path and its ceiling differ.
 */
async function load(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  cpuOf: Target['cpuOf'] = undefined,
  durationS = HTTP_LOAD_S,
): Promise<LoadRow> {
  const readers: Record<string, CpuReader> | null = cpuOf
    ? { server: () => cpuMs(cpuOf.pid), ...(cpuOf.postgres ? { postgres: postgresCpuMs } : {}) }
    : null;
  const meter = readers && cpuMeter(readers);
  const result = await autocannon(loadOptions(url, headers, durationS));
  return {
    ...(meter && {
      cpuUsPerRequest: Object.fromEntries(
        Object.entries(meter(result.requests.total)).map(([side, ms]) => [side, ms === null ? null : round(ms * 1000, 0)]),
      ),
    }),
    name,
    url: new URL(url).pathname,
    connections: CONNECTIONS,
    durationS,
    requestsPerSec: round(result.requests.average, 0),
    p99Ms: round(result.latency.p99, 1),
    averageMs: round(result.latency.average, 1),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * The measurement whose rate is the median of `measured` (each a `load` result), with every round's
 * rate, and the failed answers of all rounds together.
 */
function medianRow(measured: LoadRow[]) {
  const byRate = [...measured].sort((a, b) => a.requestsPerSec - b.requestsPerSec);
  const middle = byRate[Math.ceil(byRate.length / 2) - 1];
  if (!middle) throw new Error('no rounds were loaded (BENCH_HTTP_ROUNDS is 0)');
  return {
    ...middle,
    durationS: measured.reduce((sum, m) => sum + m.durationS, 0),
    requestsPerSecEachRound: measured.map((m) => m.requestsPerSec),
    non2xx: measured.reduce((sum, m) => sum + m.non2xx, 0),
    errors: measured.reduce((sum, m) => sum + m.errors, 0),
  };
}

/** A side's load in one round (a side the comparison has). */
function sideOf(measured: Measured, side: Side): LoadRow {
  const row = measured[side];
  if (!row) throw new Error(`no ${side} load in a round`);
  return row;
}

/**
 * Loads each comparison's path, its ceiling and, if given, the bare route back to back, HTTP_ROUNDS
 * times (after a short warm-up of each), and returns a row per path and per ceiling with the median
 * of the per-round shares: this host's speed moves by half between runs seconds apart, the ratio of
 * two loads taken back to back much less (a round's still strays by 20–50 points, hence the median).
 * `afterRound` runs after each round.
 */
export async function sideBySide(comparisons: Comparison[], afterRound: (n: number) => void = () => {}): Promise<SideBySideRow[]> {
  const targets = [...new Set(comparisons.flatMap(({ path, ceiling, bare }) => [path, ceiling, ...(bare ? [bare] : [])]))];
  for (const { url, headers } of targets) await autocannon(loadOptions(url, headers ?? {}, WARM_UP_S));
  const rounds = new Map<Comparison, Measured[]>(comparisons.map((comparison) => [comparison, []]));
  for (let n = 1; n <= HTTP_ROUNDS; n++) {
    for (const comparison of comparisons) {
      const sides = (['path', 'ceiling', 'bare'] as const).filter((side) => comparison[side]);
      if (n % 2 === 0) sides.reverse();
      const measured: Partial<Measured> = {};
      for (const side of sides) {
        const target = comparison[side];
        if (target) measured[side] = await load(target.name, target.url, target.headers, target.cpuOf);
      }
      const { path, ceiling, bare } = measured;
      if (!path || !ceiling) throw new Error(`${comparison.path.name}: a round without its path or its ceiling`);
      rounds.get(comparison)?.push({ path, ceiling, ...(bare && { bare }) });
    }
    afterRound(n);
  }
  const shares = (measured: Measured[], side: Side, of: Side) =>
    measured[0]?.[of] ? median(measured.map((m) => sideOf(m, side).requestsPerSec / sideOf(m, of).requestsPerSec)) : null;
  const rows: SideBySideRow[] = [];
  const bareSeen = new Set<Target>();
  for (const [comparison, measured] of rounds) {
    rows.push({
      ...medianRow(measured.map((m) => m.ceiling)),
      shareOfBare: shares(measured, 'ceiling', 'bare'),
      shareOfCeiling: null,
    });
    rows.push({
      ...medianRow(measured.map((m) => m.path)),
      ceiling: comparison.ceiling.name,
      shareOfBare: shares(measured, 'path', 'bare'),
      shareOfCeiling: shares(measured, 'path', 'ceiling'),
      sharesOfCeilingEachRound: measured.map((m) => round(m.path.requestsPerSec / m.ceiling.requestsPerSec, 3)),
    });
    if (comparison.bare) bareSeen.add(comparison.bare);
  }
  for (const bare of bareSeen) {
    const measured = [...rounds]
      .filter(([comparison]) => comparison.bare === bare)
      .flatMap(([, m]) => m.map((each) => sideOf(each, 'bare')));
    rows.unshift({ ...medianRow(measured), shareOfBare: 1, shareOfCeiling: null });
  }
  return rows;
}

/** Prints the HTTP table (the http part's paths and ceilings and the checkout part's runs), then the CPU per request and per checkout. */
export function printHttp(rows: HttpRow[]): void {
  if (rows.length > 0) {
    console.log(`HTTP, ${CONNECTIONS} connections; each path beside its ceilings, the median of ${HTTP_ROUNDS} rounds`);
    console.table(
      Object.fromEntries(
        rows.map((r) => [
          r.name,
          {
            'requests/s': r.requestsPerSec,
            'of bare': percent(r.shareOfBare),
            'of its ceiling': percent(r.shareOfCeiling),
            'of its ceiling, each round': eachRound(r.sharesOfCeilingEachRound),
            'p99 ms': r.p99Ms,
            'avg ms': r.averageMs,
            non2xx: r.non2xx,
            errors: r.errors,
          },
        ]),
      ),
    );
  }
  for (const r of rows) {
    if (!r.cpuUsPerRequest) continue;
    const cpu = Object.entries(r.cpuUsPerRequest).map(([side, us]) => `${side} ${us ?? '?'} µs`);
    console.log(`CPU per request, ${r.name}: ${cpu.join(', ')}`);
  }
  for (const r of rows) {
    if (!r.cpuMsPerCheckout) continue;
    const cpu = Object.entries(r.cpuMsPerCheckout).map(([side, ms]) => `${side} ${ms ?? '?'} ms`);
    console.log(`CPU per checkout (${r.name.slice(r.name.lastIndexOf(', ') + 2, -1)}): ${cpu.join(', ')}`);
  }
}

/** Reports each checkout whose charges differ from its paid answers, and warns of failed answers. */
export function checkHttp(rows: HttpRow[], notRun: (name: string, reason: string) => void): void {
  for (const r of rows) {
    if (r.charges !== undefined && r.charges !== r.paid)
      notRun(r.name, `${r.charges} sandbox charges for ${r.paid} paid checkouts; each must be exactly one`);
    if (r.non2xx > 0 || r.errors > 0)
      console.warn(`warning: ${r.name} had ${r.non2xx} non-2xx answers and ${r.errors} errors; its numbers are not a clean measurement.`);
  }
}
