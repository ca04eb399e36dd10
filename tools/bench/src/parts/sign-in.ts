// Sign-in, 8 patients at a time, beside the bare verification of the same hash 8 at a time: on
// PGlite, on Postgres, and on Postgres with the limits in Redis (BENCH_REDIS_URL, a database the
// bench empties).
import type * as IoRedis from 'ioredis';
import { HTTP_ROUNDS, WARM_UP_S } from '../side-by-side';
import {
  commandCpuMs,
  cpuMeter,
  cpuMs,
  eachRound,
  median,
  ownCpuMs,
  percent,
  percentile,
  postgresCpuMs,
  round,
  send,
  serverPackage,
  signedInUser,
  SIGN_IN_PASSWORD,
  withPostgresDatabase,
  withServer,
  type CpuReader,
  type CpuShares,
  type Env,
  type Patient,
  type Step,
} from '../shared';

export const SIGN_IN_PATIENTS = 8;
export const SIGN_IN_LOAD_S = 3;
/**
 * A sign-in runs some 80 times a second, against thousands for the HTTP paths, so V8 takes far
 * longer to optimise its code: on Postgres the server's main thread spent 2.3 ms of CPU per sign-in
 * in its first 10 s of load, 1.9 ms in the next 10 s and 1.6–1.7 ms from 20 s on. The bench
 * measures the server as it runs for days, so it signs in for this long before the rounds.
 */
const SIGN_IN_WARM_UP_S = 20;

/**
 * The Redis database the sign-in bench keeps its limits in for its third run: one of its own, since
 * limits outlive the servers (sign-ups from one address are limited to twenty an hour, so one run's
 * would hold the next run's back), so the bench empties it before and after, and refuses one that holds
 * anything but rate limits.
 */
const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/15';

export interface SignInResult {
  store: string;
  concurrency: number;
  signInsPerSec: number;
  verifiesPerSec: number;
  share: number;
  sharesEachRound: number[];
  failures: number;
  p99Ms: number;
  cpuMsPerSignIn: CpuShares;
  cpuMsPerVerify: number | null;
}

/** Empties the bench's Redis database; throws when none answers or it holds other keys. */
async function emptyBenchRedis(): Promise<void> {
  const { Redis } = await serverPackage<typeof IoRedis>('ioredis');
  const redis = new Redis(BENCH_REDIS_URL, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    const others = (await redis.keys('*')).filter((key) => !key.startsWith('rl-'));
    if (others.length > 0)
      throw new Error(
        `${BENCH_REDIS_URL} holds ${others.length} keys that are not rate limits; set BENCH_REDIS_URL to a database of the bench's own`,
      );
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
}

/** Adds up `cpuMeter` totals (ms, or null where a reader could not tell). */
const addCpu = (a: CpuShares | null, b: CpuShares): CpuShares =>
  Object.fromEntries(
    Object.entries(b).map(([side, ms]) => {
      const sofar = a?.[side];
      return [side, sofar === null || ms === null ? null : (sofar ?? 0) + ms];
    }),
  );

/**
 * Sign-in beside its ceiling: 8 patients sign in over and over on one server (on `store`, PGlite or
 * Postgres, with `extraEnv`; the CPU of Postgres's processes counted on Postgres), and this
 * process verifies the same kind of hash with the server's own function, 8 at a time, the two taken
 * in turn for SIGN_IN_LOAD_S seconds each, HTTP_ROUNDS times (the order reversed every other round).
 * The hash is nearly all of a sign-in, so the two rates should be close; the share is the median of
 * the rounds' own.
 */
async function benchSignIn(store: 'PGlite' | 'Postgres', extraEnv: Env = {}): Promise<SignInResult> {
  const crypto = await import('../../../../apps/server/src/lib/crypto');
  const hash = await crypto.hashPassword(SIGN_IN_PASSWORD);
  return withServer(async (baseUrl, pid) => {
    const patients: Patient[] = [];
    for (let i = 0; i < SIGN_IN_PATIENTS; i++) patients.push(await signedInUser(baseUrl));
    const latencies: number[] = [];
    let failures = 0;
    let signInCpu: CpuShares | null = null;
    let verifyCpu: CpuShares | null = null;
    /** Runs `once` 8 at a time for `seconds`; resolves with how many ran and the CPU of each of `readers` meanwhile. */
    const eightAtATime = async (seconds: number, once: (patient: Patient) => Promise<void>, readers: Record<string, CpuReader>) => {
      const meter = cpuMeter(readers);
      let count = 0;
      const deadline = Date.now() + seconds * 1000;
      await Promise.all(
        patients.map(async (patient) => {
          while (Date.now() < deadline) {
            await once(patient);
            count++;
          }
        }),
      );
      return { count, cpuMs: meter(1) };
    };
    const signIn = async ({ email, password }: Patient) => {
      const start = performance.now();
      const status = await send(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      latencies.push(performance.now() - start);
      if (status !== 200) failures++;
    };
    const verify = async () => {
      if (!(await crypto.verifyPassword(hash, SIGN_IN_PASSWORD))) throw new Error('verifyPassword rejected the right password');
    };
    // The hash runs on libuv's threads, everything else on the main thread: the split shows what the hash shares its cores with.
    const signInReaders: Record<string, CpuReader> = {
      server: () => cpuMs(pid),
      mainThread: () => cpuMs(`${pid}/task/${pid}`),
      ...(store === 'Postgres' ? { postgres: postgresCpuMs } : {}),
      ...(extraEnv.REDIS_URL ? { redis: () => commandCpuMs('redis-server') } : {}),
      client: ownCpuMs,
    };
    await eightAtATime(SIGN_IN_WARM_UP_S, signIn, {});
    await eightAtATime(WARM_UP_S, verify, {});
    latencies.length = 0;
    failures = 0;
    const rounds: { signIn: number; verify: number }[] = [];
    for (let n = 1; n <= HTTP_ROUNDS; n++) {
      const measured = { signIn: 0, verify: 0 };
      for (const side of n % 2 === 0 ? (['verify', 'signIn'] as const) : (['signIn', 'verify'] as const)) {
        const run =
          side === 'signIn'
            ? await eightAtATime(SIGN_IN_LOAD_S, signIn, signInReaders)
            : await eightAtATime(SIGN_IN_LOAD_S, verify, { bench: ownCpuMs });
        measured[side] = run.count;
        if (side === 'signIn') signInCpu = addCpu(signInCpu, run.cpuMs);
        else verifyCpu = addCpu(verifyCpu, run.cpuMs);
      }
      rounds.push(measured);
    }
    const signIns = rounds.reduce((sum, r) => sum + r.signIn, 0);
    const verified = rounds.reduce((sum, r) => sum + r.verify, 0);
    const perUnit = (ms: number | null | undefined, units: number) => (ms === null || ms === undefined ? null : round(ms / units, 2));
    const { server, mainThread, postgres, redis, client } = signInCpu ?? {};
    return {
      store,
      concurrency: SIGN_IN_PATIENTS,
      signInsPerSec: round(median(rounds.map((r) => r.signIn)) / SIGN_IN_LOAD_S, 1),
      verifiesPerSec: round(median(rounds.map((r) => r.verify)) / SIGN_IN_LOAD_S, 1),
      share: median(rounds.map((r) => r.signIn / r.verify)),
      sharesEachRound: rounds.map((r) => round(r.signIn / r.verify, 3)),
      failures,
      p99Ms: round(percentile(latencies, 99), 1),
      cpuMsPerSignIn: {
        'server main thread': perUnit(mainThread, signIns),
        'server other threads (the hash)':
          typeof server === 'number' && typeof mainThread === 'number' ? perUnit(server - mainThread, signIns) : null,
        ...(postgres === undefined ? {} : { postgres: perUnit(postgres, signIns) }),
        ...(redis === undefined ? {} : { redis: perUnit(redis, signIns) }),
        client: perUnit(client, signIns),
      },
      cpuMsPerVerify: perUnit(verifyCpu?.bench, verified),
    };
  }, extraEnv);
}

/** The sign-in runs, each named by its store and where the limits are kept (two of them run on Postgres). */
export const signInSteps = (): Step<SignInResult>[] => [
  ['PGlite', () => benchSignIn('PGlite')],
  ['Postgres', () => withPostgresDatabase('bench_sign_in', (url) => benchSignIn('Postgres', { DATABASE_URL: url.toString() }))],
  // Where several instances run, their limits are kept in Redis rather than in Postgres: four of a
  // sign-in's six statements then leave the database.
  [
    'Postgres, limits in Redis',
    async () => {
      await emptyBenchRedis();
      try {
        return await withPostgresDatabase('bench_sign_in', (url) =>
          benchSignIn('Postgres', { DATABASE_URL: url.toString(), REDIS_URL: BENCH_REDIS_URL }),
        );
      } finally {
        await emptyBenchRedis();
      }
    },
  ],
];

export function printSignIn(si: SignInResult): void {
  console.log(
    `Sign-in on ${si.store}, ${si.concurrency} at a time, beside the bare argon2id verification of the same hash as many at a time (median round)`,
  );
  console.table({
    'POST /api/auth/login': {
      'per second': si.signInsPerSec,
      'of the bare hash': percent(si.share),
      'each round': eachRound(si.sharesEachRound),
      'p99 ms': si.p99Ms,
      failures: si.failures,
    },
    'argon2id verify': { 'per second': si.verifiesPerSec, 'of the bare hash': '100 %', 'each round': '', 'p99 ms': '', failures: '' },
  });
  const cpu = Object.entries(si.cpuMsPerSignIn).map(([side, ms]) => `${side} ${ms ?? '?'} ms`);
  console.log(`CPU per sign-in: ${cpu.join(', ')}; per bare verification ${si.cpuMsPerVerify} ms`);
}
