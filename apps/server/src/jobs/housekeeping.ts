import type { Database, Executor } from '../db/client';
import { tryTransactionLock } from '../db/locks.repository';
import { deleteExpiredLimits } from '../db/rate-limits.repository';
import { deleteStaleSessions } from '../features/auth';
import { deleteSpentTokens } from '../features/users';
import { deleteAnsweredIdempotencyKeys } from '../features/billing';
import { eraseExpiredRecords } from '../features/account-deletion';
import { removeExpiredExports } from '../features/data-export';
import { removeAbandonedUploads, removeInterruptedUploads } from '../features/expenses';
import { deleteDeliveredMail } from '../features/mail';
import { deleteFinishedTexts } from '../features/sms';
import type { Log } from '../lib/logging';
import type { ObjectStorage } from '../lib/storage/storage';
import { startSchedule } from './schedule';

const DAY_MS = 24 * 60 * 60_000;
/** Revoked sessions stay a while, so a support question about a recent sign-out can be answered. */
const REVOKED_SESSION_KEEP_MS = 30 * DAY_MS;
/** Stripe's window: a retried checkout within a day replays its first answer. */
const IDEMPOTENCY_KEEP_MS = DAY_MS;
const DELIVERED_MAIL_KEEP_MS = 30 * DAY_MS;
/** Advisory lock id of the housekeeping run (migrations use 727274). */
export const HOUSEKEEPING_LOCK_ID = 727275;

/** What housekeeping uses: the tables it prunes, the receipt store for abandoned and interrupted uploads, and a log. */
interface HousekeepingDeps {
  db: Database;
  storage: ObjectStorage;
  log: Log;
}

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** One rule per table, each deleting what can no longer serve and returning how many rows it deleted. */
const rules = {
  sessions: (db: Executor, now: Date) => deleteStaleSessions(db, now, ago(now, REVOKED_SESSION_KEEP_MS)),
  oneTimeTokens: (db: Executor, now: Date) => deleteSpentTokens(db, now),
  idempotencyKeys: (db: Executor, now: Date) => deleteAnsweredIdempotencyKeys(db, ago(now, IDEMPOTENCY_KEEP_MS)),
  rateLimits: (db: Executor, now: Date) => deleteExpiredLimits(db, now),
  mailOutbox: (db: Executor, now: Date) => deleteDeliveredMail(db, ago(now, DELIVERED_MAIL_KEEP_MS)),
  // Sent or given-up texts keep no number or words; the rows themselves go as delivered mail does.
  smsOutbox: (db: Executor, now: Date) => deleteFinishedTexts(db, ago(now, DELIVERED_MAIL_KEEP_MS)),
} satisfies Record<string, (db: Executor, now: Date) => Promise<number>>;

export type HousekeepingSummary = Record<
  keyof typeof rules | 'abandonedUploads' | 'interruptedUploads' | 'expiredDataExports' | 'erasedAccounts',
  number
>;

/**
 * Deletes expired and spent rows from every table that would otherwise grow without bound. One
 * instance at a time: the run holds an advisory lock for its transaction, and an instance that
 * finds it taken skips the run (null), as the other one is doing the work.
 */
export async function runHousekeeping(ctx: HousekeepingDeps, now: Date = new Date()): Promise<HousekeepingSummary | null> {
  return ctx.db.transaction(async (tx) => {
    if (!(await tryTransactionLock(tx, HOUSEKEEPING_LOCK_ID))) return null;
    const summary: Partial<HousekeepingSummary> = {};
    for (const table of Object.keys(rules) as (keyof typeof rules)[]) summary[table] = await rules[table](tx, now);
    // Files live outside the database: each is removed before its row, so a crash leaves a row to retry.
    summary.abandonedUploads = await removeAbandonedUploads(ctx, tx, now);
    summary.interruptedUploads = await removeInterruptedUploads(ctx.storage, now);
    summary.expiredDataExports = await removeExpiredExports(ctx, tx, now);
    summary.erasedAccounts = await eraseExpiredRecords(ctx, tx, now);
    return summary as HousekeepingSummary;
  });
}

/** Runs housekeeping at start and then hourly until stopped. */
export function startHousekeepingSchedule(ctx: HousekeepingDeps, intervalMs = 60 * 60_000) {
  return startSchedule(
    ctx.log,
    'housekeeping',
    async () => {
      const summary = await runHousekeeping(ctx);
      if (summary) ctx.log.info({ deleted: summary }, 'housekeeping done');
    },
    intervalMs,
  );
}
