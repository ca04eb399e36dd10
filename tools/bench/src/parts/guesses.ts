// 300 parallel wrong passwords for one account: how many reached the hash (at most the sign-in limit).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withPostgresDatabase } from '../shared';

export const GUESSES = 300;

export interface GuessesResult {
  store: string;
  attempts: number;
  evaluated: number;
  limit: number;
  within: boolean;
  answered401: number;
  answered429: number;
}

/** Signs up one account on a fresh server and sends it 300 wrong passwords at once; counts the argon2 checks. */
async function benchParallelGuesses(store: 'PGlite' | 'Postgres', databaseUrl?: string): Promise<GuessesResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'telehealth-bench-guesses-'));
  try {
    // The app and the counter it increments share one module graph.
    const { buildApp } = await import('../../../../apps/server/src/app');
    const { loadConfig } = await import('../../../../apps/server/src/config');
    const { passwordChecks } = await import('../../../../apps/server/src/lib/crypto');
    const { rules } = await import('../../../../apps/server/src/lib/limits');
    const env = {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      CAPTCHA: 'off',
      GEO_RESTRICT: 'off',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    const app = await buildApp(loadConfig(env), { webDist: null });
    try {
      const email = 'guessed@example.com';
      const signup = await app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: {
          firstName: 'Bench',
          lastName: 'User',
          email,
          customerPhone: '3145550100',
          password: 'Bench#2026pass',
          dob: '1980-01-01',
          zip: '63101',
          subscriptionPlan: 'individualMonthly',
          smsPolicyAccepted: true,
        },
      });
      if (signup.statusCode !== 201) throw new Error(`POST /api/users/register answered ${signup.statusCode}`);
      const before = passwordChecks.count;
      const answers = await Promise.all(
        Array.from({ length: GUESSES }, () =>
          app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Wr0ng!pass' } }),
        ),
      );
      const evaluated = passwordChecks.count - before;
      const limit = rules.loginFailures.points;
      const count = (status: number) => answers.filter((a) => a.statusCode === status).length;
      return { store, attempts: GUESSES, evaluated, limit, within: evaluated <= limit, answered401: count(401), answered429: count(429) };
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const benchParallelGuessesOnPglite = () => benchParallelGuesses('PGlite');

/** The same on a database of its own on the Postgres server of the renewal part. */
export const benchParallelGuessesOnPostgres = () =>
  withPostgresDatabase('bench_guesses', (url) => benchParallelGuesses('Postgres', url.toString()));

export function printGuesses(guesses: GuessesResult[]): void {
  console.log(`${GUESSES} parallel wrong passwords for one account: how many were evaluated against the hash`);
  console.table(
    Object.fromEntries(
      guesses.map((g) => [
        g.store,
        { evaluated: g.evaluated, limit: g.limit, 'within limit': g.within, 'answered 401': g.answered401, 'answered 429': g.answered429 },
      ]),
    ),
  );
}
