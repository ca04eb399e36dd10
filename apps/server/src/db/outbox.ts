import { and, isNull, lte, or, type AnyColumn, type SQL } from 'drizzle-orm';
import { atOrBefore } from './time';

/** The columns every outbox table (mail, texts) schedules its messages with. */
interface OutboxColumns {
  sentAt: AnyColumn;
  nextAttemptAt: AnyColumn;
  lockedUntil: AnyColumn;
}

/** The messages of an outbox a worker may claim at `now`: not sent, due, and not leased to a sender whose lease still runs. */
export const claimableAt = (table: OutboxColumns, now: Date): SQL =>
  and(isNull(table.sentAt), atOrBefore(table.nextAttemptAt, now), or(isNull(table.lockedUntil), lte(table.lockedUntil, now)))!;
