import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Limits } from '../../lib/limits';
import type { Log } from '../../lib/logging';
import type { ObjectStorage } from '../../lib/storage/storage';
import { migrationState, pingDatabase } from './repository';

export type CheckState = 'up' | 'down';
/** What readiness reports, by name and up or down only: never a version, an address or an error's text. */
export type ReadinessCheck = 'accepting' | 'database' | 'migrations' | 'redis' | 'storage';

export interface Readiness {
  status: CheckState;
  checks: Partial<Record<ReadinessCheck, CheckState>>;
}

/** What readiness asks: the database, the rate limits' Redis when configured, and the receipt store. */
interface ReadinessDeps {
  db: Database;
  limits: Pick<Limits, 'ping'>;
  storage: Pick<ObjectStorage, 'probe'>;
  log: Log;
  config: Pick<Config, 'redisUrl'>;
}

/** A probe that has not answered in this time counts as down: a load balancer's own timeout is usually a few seconds. */
const PROBE_TIMEOUT_MS = 2_000;
/** Asked again within this time, readiness answers what it last found, so frequent probing costs the database little. */
const REUSE_MS = 1_000;

function withinTime(probe: () => Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([Promise.resolve().then(probe), late]).finally(() => clearTimeout(timer));
}

/**
 * Whether this instance should get traffic: the database answers and has every migration of this
 * build, Redis answers when configured, the receipt store can be read and written, and the instance
 * is not shutting down. Once `drain` is called the answer is down at once, without asking anything,
 * so a load balancer stops sending requests while those under way finish. Why a check failed is
 * logged when its state changes, never answered.
 */
export function createReadiness(deps: ReadinessDeps, options: { timeoutMs?: number } = {}) {
  const timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS;
  const probes: Partial<Record<ReadinessCheck, () => Promise<unknown>>> = {
    database: () => pingDatabase(deps.db),
    migrations: async () => {
      const { applied, newest } = await migrationState(deps.db);
      // A newer instance may have migrated further: only a missing migration is down.
      if (applied === null || applied < newest) throw new Error('a migration of this build is not applied');
    },
    ...(deps.config.redisUrl ? { redis: () => deps.limits.ping() } : {}),
    storage: () => deps.storage.probe(),
  };
  const previous = new Map<ReadinessCheck, CheckState>();
  let draining = false;
  let inFlight: Promise<Readiness> | null = null;
  let found: { at: number; readiness: Readiness } | null = null;

  async function probeAll(): Promise<Readiness> {
    const entries = Object.entries(probes) as [ReadinessCheck, () => Promise<unknown>][];
    const states = await Promise.all(
      entries.map(async ([name, probe]): Promise<[ReadinessCheck, CheckState]> => {
        const state = await withinTime(probe, timeoutMs).then(
          () => 'up' as const,
          (error: unknown) => {
            if (previous.get(name) !== 'down') deps.log.warn({ check: name, err: error }, 'readiness check down');
            return 'down' as const;
          },
        );
        if (state === 'up' && previous.get(name) === 'down') deps.log.info({ check: name }, 'readiness check up again');
        previous.set(name, state);
        return [name, state];
      }),
    );
    return { status: states.every(([, state]) => state === 'up') ? 'up' : 'down', checks: Object.fromEntries(states) };
  }

  return {
    check(): Promise<Readiness> {
      if (draining) return Promise.resolve({ status: 'down', checks: { accepting: 'down' } });
      if (found && Date.now() - found.at <= REUSE_MS) return Promise.resolve(found.readiness);
      inFlight ??= probeAll().then((readiness) => {
        found = { at: Date.now(), readiness };
        inFlight = null;
        return readiness;
      });
      return inFlight;
    },
    /** From now on the instance answers not ready: it is shutting down. */
    drain() {
      draining = true;
    },
  };
}

export type ReadinessService = ReturnType<typeof createReadiness>;
