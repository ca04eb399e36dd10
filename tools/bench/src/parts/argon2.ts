// argon2id: the server's own hashPassword and verifyPassword (apps/server/src/lib/crypto.ts), 20 runs each.
import { mean, percentile, round } from '../shared';

export const HASH_RUNS = 20;

/** Mean and 95th percentile of a timed operation, in ms. */
interface Timing {
  meanMs: number;
  p95Ms: number;
}

export interface Argon2Result {
  runs: number;
  /** The hash's parameters (version, memory, time, parallelism), as the hash string names them. */
  parameters: string;
  hash: Timing;
  verify: Timing;
}

async function timeEach(runs: number, fn: () => Promise<void>): Promise<Timing> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return { meanMs: round(mean(times)), p95Ms: round(percentile(times, 95)) };
}

export async function benchArgon2(): Promise<Argon2Result> {
  const crypto = await import('../../../../apps/server/src/lib/crypto');
  const password = 'Bench#2026pass';
  await crypto.hashPassword(password); // warm-up
  let hash = '';
  const hashing = await timeEach(HASH_RUNS, async () => {
    hash = await crypto.hashPassword(password);
  });
  const verifying = await timeEach(HASH_RUNS, async () => {
    if (!(await crypto.verifyPassword(hash, password))) throw new Error('verifyPassword rejected the right password');
  });
  return { runs: HASH_RUNS, parameters: hash.split('$').slice(1, 4).join('$'), hash: hashing, verify: verifying };
}

export function printArgon2(a: Argon2Result): void {
  console.log(`\nargon2id (${a.parameters}), ${a.runs} runs`);
  console.table({ hash: a.hash, verify: a.verify });
}
