import { MEMBERSHIP_TERM_DAYS, PLAN_IDS, SUBSCRIPTION_STATUSES, US_CENTRAL } from '@app/shared';
import { sql } from 'drizzle-orm';

/*
 * The shared rules as SQL literals, so a statement says the business's time zone, the membership
 * term, the plan ids and the membership statuses by the same constants the code uses. Literals, not
 * parameters: they never vary, a GROUP BY must see the same expression as its SELECT, and a CHECK
 * takes no parameters.
 */

/** The business's calendar, for `… AT TIME ZONE ${businessTimeZone}`. */
export const businessTimeZone = sql.raw(`'${US_CENTRAL}'`);

/** One membership term (30 days) as an interval. */
export const membershipTerm = sql.raw(`interval '${MEMBERSHIP_TERM_DAYS} days'`);

const literalList = (values: readonly string[]) => sql.raw(`(${values.map((value) => `'${value}'`).join(', ')})`);

/** The plan ids, for `… IN ${knownPlanIds}`. */
export const knownPlanIds = literalList(PLAN_IDS);

/** The membership statuses, for `… IN ${knownSubscriptionStatuses}`. */
export const knownSubscriptionStatuses = literalList(SUBSCRIPTION_STATUSES);
