import { lt, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * `column <= time` for a time the database wrote (`now()`, in microseconds) against a JavaScript time
 * (whole milliseconds): a row written within `time`'s own millisecond is at or before it, not after.
 */
export const atOrBefore = (column: AnyColumn, time: Date): SQL => lt(column, new Date(time.getTime() + 1));
