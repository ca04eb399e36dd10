import { z } from './zod';
import { billingAddressSchema, cardDetailsSchema } from './admin';
import type { UserProfile } from './api';
import { SUBSCRIPTION_STATUSES } from './membership';
import { PLAN_IDS } from './plan-ids';

/**
 * The user as the API returns it to its owner, for routes' response schemas: a field the interface
 * does not list is never serialized. Kept apart from api.ts so the public pages' scripts need no zod.
 */
export const userProfileSchema: z.ZodType<UserProfile> = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  customerPhone: z.string().nullable(),
  dob: z.string().nullable(),
  zip: z.string().nullable(),
  symptoms: z.string().nullable(),
  customerId: z.string(),
  roles: z.array(z.string()),
  verified: z.boolean(),
  emailVerificationStat: z.enum(['verified', 'unverified']),
  subscriptionPlan: z.enum(PLAN_IDS).nullable(),
  planId: z.enum(PLAN_IDS).nullable(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  subscriptionAmount: z.number().nullable(),
  smsPolicyAccepted: z.boolean(),
  submittedAt: z.string().nullable(),
  methodOfSubscription: z.string().nullable(),
  subscriptionStartDate: z.string().nullable(),
  nextSubscriptionRenewDate: z.string().nullable(),
  subscriptionEndDate: z.string().nullable(),
  subscriptionCancelledDate: z.string().nullable(),
  billingAddress: billingAddressSchema.nullable(),
  cardDetails: cardDetailsSchema.nullable(),
});

/** GET /api/users/me/sessions: where the member is signed in, the session asking first among equals. */
const ownSessionSchema = z.object({
  id: z.string(),
  /** The session this answer was asked with. */
  current: z.boolean(),
  /** Browser and system, from the user agent ("Chrome on Windows"), or "Unknown device". */
  device: z.string(),
  /** The approximate place of the address it was opened from ("Missouri, US"), when known. */
  place: z.string().nullable(),
  signedInAt: z.string(),
  lastActiveAt: z.string(),
  rememberMe: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSessionSchema>;
export const ownSessionsSchema = z.array(ownSessionSchema);
