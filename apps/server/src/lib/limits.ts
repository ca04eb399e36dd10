import { messages } from '@app/shared';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { sha256 } from './crypto';
import { rateLimited } from './errors';

interface Rule {
  /** Attempts allowed per window. */
  points: number;
  /** The window, in seconds, from the first attempt. */
  duration: number;
  /** Once spent, the key waits this long (seconds) whatever the window says. */
  blockDuration?: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Every limit the server applies, in one place (decision 013).
 * @public (the bench reads the sign-in limit from here, by a path knip cannot follow)
 */
export const rules = {
  /** Consecutive sign-in attempts for one e-mail from one address; a success starts afresh (checklist #5, #6). */
  loginFailures: { points: 10, duration: 15 * MINUTE, blockDuration: 15 * MINUTE },
  /**
   * Failing sign-in streaks from one address, at most one per e-mail per window above, so that
   * credential stuffing across many accounts stops while one account's failures (≤ 4 an hour) never can.
   */
  loginAccountsPerIp: { points: 100, duration: HOUR },
  forgotPasswordPerIp: { points: 5, duration: HOUR },
  forgotPasswordPerEmail: { points: 5, duration: HOUR },
  adminMagicLink: { points: 5, duration: HOUR },
  passwordChange: { points: 10, duration: 15 * MINUTE, blockDuration: 15 * MINUTE },
  enquiryPerIp: { points: 10, duration: HOUR },
  signupPerIp: { points: 20, duration: HOUR },
  resendVerificationPerIp: { points: 10, duration: HOUR },
  /** Declined cards per patient and per address: card testing (checklist #5). */
  declinedCardByPatient: { points: 5, duration: HOUR },
  declinedCardByIp: { points: 20, duration: HOUR },
  /** Reset e-mails an admin sends to one user, so the dashboard cannot flood an inbox. */
  adminPasswordResetPerUser: { points: 5, duration: HOUR },
  /** Invitations an admin sends to one clinician, for the same reason. */
  clinicianInvitePerUser: { points: 5, duration: HOUR },
  /** Verification links and "someone tried to register" notices sent to one address. */
  mailPerAddress: { points: 3, duration: HOUR },
  /** Data downloads a member asks for: each is prepared in full, so a few a day. */
  dataExportPerUser: { points: 5, duration: 24 * HOUR },
} satisfies Record<string, Rule>;

type RuleName = keyof typeof rules;

export interface Limits {
  /**
   * Spends one attempt before the work it guards, atomically, so parallel requests cannot all pass
   * a check made before any of them is counted. Throws 429 with Retry-After when none is left;
   * otherwise answers how many attempts the window has now spent.
   */
  consume(rule: RuleName, key: string, message?: string): Promise<number>;
  /** The same for limits that must not tell the caller anything: false when none is left. */
  tryConsume(rule: RuleName, key: string): Promise<boolean>;
  /**
   * Seconds until the key may try again (0 when it has attempts left), spending nothing: for limits
   * that count only some outcomes, spent with `tryConsume` once the outcome is known.
   */
  waitFor(rule: RuleName, key: string): Promise<number>;
  /** Gives one attempt back. */
  refund(rule: RuleName, key: string): Promise<void>;
  /** Forgets the key's attempts and any block. */
  reset(rule: RuleName, key: string): Promise<void>;
  /** Resolves when Redis answers a PING (the readiness check); the other stores have nothing of their own to ask. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Where counters live: Redis or the Postgres server are shared by every instance; memory only beside embedded PGlite. */
export type LimitStore = { kind: 'redis'; url: string } | { kind: 'postgres'; pool: pg.Pool } | { kind: 'memory' };

const retryAfterSeconds = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

export async function openLimits(store: LimitStore, log: { warn(details: object, message: string): void }): Promise<Limits> {
  let redis: Redis | null = null;
  if (store.kind === 'redis') {
    // Connect at start so a wrong REDIS_URL stops the server instead of failing every limited request.
    redis = new Redis(store.url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    redis.on('error', (error: Error) =>
      log.warn({ reason: error.message }, 'Redis for rate limits unavailable; counting in memory meanwhile'),
    );
    try {
      await redis.connect();
    } catch (error) {
      redis.disconnect();
      throw new Error(`REDIS_URL: cannot connect (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  const build = (name: string, rule: Rule): RateLimiterAbstract => {
    const options = { ...rule, keyPrefix: `rl-${name}` };
    if (redis) {
      // While Redis is unreachable each instance keeps counting on its own rather than failing open or closed.
      return new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) });
    }
    if (store.kind === 'postgres') {
      // Housekeeping deletes expired rows, once across instances.
      return new RateLimiterPostgres({
        ...options,
        storeClient: store.pool,
        storeType: 'pool',
        tableName: 'rate_limits',
        tableCreated: true,
        clearExpiredByTimeout: false,
      });
    }
    return new RateLimiterMemory(options);
  };
  const limiters = Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, build(name, rule)])) as Record<
    RuleName,
    RateLimiterAbstract
  >;
  // Keys are hashed: e-mails and addresses stay out of the store, and every key fits its 255 characters.
  const hashed = (key: string) => sha256(key);

  /** The library resolves within the limit and rejects with the same kind of answer past it. */
  async function spend(rule: RuleName, key: string): Promise<{ allowed: boolean; res: RateLimiterRes }> {
    try {
      return { allowed: true, res: await limiters[rule].consume(hashed(key)) };
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) return { allowed: false, res: outcome };
      throw outcome;
    }
  }

  return {
    async consume(rule, key, message = messages.tooManyRequests) {
      const { allowed, res } = await spend(rule, key);
      if (!allowed) throw rateLimited(message, retryAfterSeconds(res));
      return res.consumedPoints;
    },
    async tryConsume(rule, key) {
      return (await spend(rule, key)).allowed;
    },
    async waitFor(rule, key) {
      const res = await limiters[rule].get(hashed(key));
      return res && res.consumedPoints >= rules[rule].points ? retryAfterSeconds(res) : 0;
    },
    async refund(rule, key) {
      await limiters[rule].reward(hashed(key), 1);
    },
    async reset(rule, key) {
      await limiters[rule].delete(hashed(key));
    },
    async ping() {
      await redis?.ping();
    },
    async close() {
      await redis?.quit();
    },
  };
}
