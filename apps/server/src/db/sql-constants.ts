import { MEMBERSHIP_TERM_DAYS, US_CENTRAL } from '@app/shared';
import { sql } from 'drizzle-orm';

/*
 * The shared rules as SQL literals, so a statement says the business's time zone and the membership
 * term by the same constants the code uses. Literals, not parameters: they never vary, and a GROUP BY
 * must see the same expression as its SELECT.
 */

/** The business's calendar, for `… AT TIME ZONE ${businessTimeZone}`. */
export const businessTimeZone = sql.raw(`'${US_CENTRAL}'`);

/** One membership term (30 days) as an interval. */
export const membershipTerm = sql.raw(`interval '${MEMBERSHIP_TERM_DAYS} days'`);
