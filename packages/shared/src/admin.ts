import { z } from './zod';
import { EMAIL_MAX, emailSchema, NAME_MAX, SYMPTOMS_MAX, ZIP_MAX } from './auth';
import { BUSINESS_YEARS, birthDateProblem, isBusinessYear, parseIsoDate } from './dates';
import { strictDecimal } from './decimal';
import { SUBSCRIPTION_STATUSES } from './membership';
import { messages } from './messages';
import { PLAN_IDS, type PlanId } from './plan-ids';
import { CLINICIAN_CREDENTIALS } from './clinicians';
import { VISIT_SERVICES, type VisitService } from './visits';

/** docs/product.md, Constants: a page of the admin lists, the bulk export's page, and the shortest e-mail search. */
export const ADMIN_PAGE_SIZE = 10;
export const ADMIN_BULK_PAGE_SIZE = 500;
const ADMIN_MAX_PAGE_SIZE = 500;
/**
 * A search (`q` or `email`) counts its matches exactly up to this many; past it the answer says "more
 * than" and pages stop there (decision 026): exact totals of a broad fragment cost a scan of every match.
 */
export const USER_SEARCH_COUNT_LIMIT = 1000;
const SEARCH_MIN_LENGTH = 3;

/** The roles an account can hold; the admin form also accepts 'admin' / 'user' in any case. */
const ROLES = ['ROLE_USER', 'ROLE_ADMIN'] as const;

/** docs/product.md, Admin dashboard: the sort choices of the Users tab, as the API names them. */
export const USER_SORT_FIELDS = ['default', 'email', 'fullName', 'submittedDate', 'subscriptionStatus', 'subscriptionAmount'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** docs/product.md, Validation: empty sort and filter values are left out, so '' reads as "not given". */
export const omittedWhenEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);

/** A whole number as a query string writes it: digits only, so '0x10', '1e3', ' 5' or 'true' is refused, not read as a number. */
const wholeNumberParam = (min: number, max: number) =>
  z
    .union([z.number(), z.string().regex(/^\d{1,10}$/)])
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** The page (from 0) and its size of a paged admin list; left out or empty, the first page of ADMIN_PAGE_SIZE. */
export const pageParams = {
  page: omittedWhenEmpty(wholeNumberParam(0, 10_000_000).default(0)),
  size: omittedWhenEmpty(wholeNumberParam(1, ADMIN_MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE)),
};

const userPageParams = {
  ...pageParams,
  sortBy: omittedWhenEmpty(z.enum(USER_SORT_FIELDS).default('default')),
  sortDir: omittedWhenEmpty(z.enum(SORT_DIRECTIONS).default('asc')),
};

/** A user named in an admin route's path: a malformed id is refused before any lookup. */
export const adminUserParams = z.strictObject({ id: z.uuid({ error: messages.missingUserId }) });

/** The page sizes the Members table offers. */
export const MEMBER_PAGE_SIZES = [25, 50, 100] as const;

/** A yes/no filter as a query string writes it. */
const booleanParam = z.enum(['true', 'false']).transform((value) => value === 'true');

/**
 * GET /api/admin/all: q matches e-mail or name (case-insensitive substring) or is a customer id (exact, any
 * case); status, plan and verified narrow the list to users with that value.
 */
export const adminUserListQuerySchema = z.strictObject({
  ...userPageParams,
  q: omittedWhenEmpty(z.string().trim().max(EMAIL_MAX).optional()),
  status: omittedWhenEmpty(z.enum(SUBSCRIPTION_STATUSES).optional()),
  plan: omittedWhenEmpty(z.enum(PLAN_IDS).optional()),
  verified: omittedWhenEmpty(booleanParam.optional()),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

/** The e-mail search rule (docs/product.md, Validation), for the form and for GET /api/admin/search alike. */
export const emailSearchSchema = z
  .string()
  .trim()
  .min(SEARCH_MIN_LENGTH, { error: messages.searchTooShort })
  .max(EMAIL_MAX, { error: messages.tooLong(EMAIL_MAX) });

export const adminUserSearchQuerySchema = z.strictObject({ ...userPageParams, email: emailSearchSchema });
export type AdminUserSearchQuery = z.infer<typeof adminUserSearchQuerySchema>;

/** A stored instant as the admin API shows it (docs/product.md, Data). */
export const timestampSchema = z.object({ seconds: z.number().int(), nanos: z.number().int() });
export type Timestamp = z.infer<typeof timestampSchema>;
export const toTimestamp = (date: Date): Timestamp => ({
  seconds: Math.floor(date.getTime() / 1000),
  nanos: (date.getTime() % 1000) * 1_000_000,
});
export const fromTimestamp = (t: Timestamp) => new Date(t.seconds * 1000 + Math.floor(t.nanos / 1_000_000));

export const billingAddressSchema = z.object({
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
});
export const cardDetailsSchema = z.object({
  cardholderName: z.string().nullable(),
  last4: z.string(),
  expiry: z.string().nullable(),
  brand: z.string().nullable(),
});

/** The user as an admin sees it (docs/product.md, Data): every field but secrets; never a hash, a token or a full card number. */
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  roles: z.array(z.string()),
  customerPhone: z.string().nullable(),
  dob: z.string().nullable(),
  zip: z.string().nullable(),
  symptoms: z.string().nullable(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  subscriptionPlan: z.enum(PLAN_IDS).nullable(),
  /** Dollars, to the cent. */
  subscriptionAmount: z.number().nullable(),
  methodOfSubscription: z.string().nullable(),
  subscriptionMethodOfCancelling: z.string().nullable(),
  customerState: z.string().nullable(),
  customerCountry: z.string().nullable(),
  customerId: z.string(),
  customerIp: z.string().nullable(),
  /** The America/Chicago calendar day of submission, YYYY-MM-DD. */
  submittedDate: z.string().nullable(),
  submittedLocalTime: z.string().nullable(),
  verified: z.boolean(),
  smsPolicyAccepted: z.boolean(),
  emailVerificationStat: z.enum(['verified', 'unverified']),
  billingAddress: billingAddressSchema.nullable(),
  cardDetails: cardDetailsSchema.nullable(),
  cardName: z.string().nullable(),
  cardExpiry: z.string().nullable(),
  lastFourDigitsOfCard: z.string().nullable(),
  submittedAt: timestampSchema.nullable(),
  subscriptionStartDate: timestampSchema.nullable(),
  nextSubscriptionRenewDate: timestampSchema.nullable(),
  subscriptionEndDate: timestampSchema.nullable(),
  subscriptionCancelledDate: timestampSchema.nullable(),
  /** When an admin disabled the account (ISO instant), or null: a disabled account cannot sign in. */
  disabledAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** A page of results (docs/product.md, Data), with counts over the whole filtered result for the Users tab's summary. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ content: z.array(item), totalPages: z.number().int(), totalElements: z.number().int() });
export interface Page<T> {
  content: T[];
  totalPages: number;
  totalElements: number;
}

export const adminUserPageSchema = pageSchema(adminUserSchema).extend({
  /**
   * True when more than USER_SEARCH_COUNT_LIMIT users match a search: totalElements is then that
   * limit, the pages end there, and the summary is null (decision 026).
   */
  countCapped: z.boolean(),
  /** Over every user the filter matches, not just this page (decision 018); null when the count is capped. */
  summary: z.object({ admins: z.number().int(), activeSubscriptions: z.number().int(), verified: z.number().int() }).nullable(),
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

/** docs/product.md, Validation: trimmed text; '' and whitespace become null for optional fields. */
const optionalText = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (typeof v === 'string' && v.trim() ? v.trim() : null))
    .refine((v) => v === null || v.length <= max, { error: messages.tooLong(max) });

const nameText = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v ?? '').trim())
  .refine((v) => v.length <= NAME_MAX, { error: messages.tooLong(NAME_MAX) });

/** Booleans are coerced (docs/product.md, Validation): the strings 'true' / 'false' and 1 / 0 read as such. */
const coercedBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0']), z.literal(1), z.literal(0)])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 1);

/** Any spelling of a role the admin form accepts, as its stored name; unknown names stay as typed, for the message. */
function canonicalRole(role: string): string {
  const upper = role.trim().toUpperCase();
  if (upper === 'ADMIN' || upper === 'ROLE_ADMIN') return 'ROLE_ADMIN';
  if (upper === 'USER' || upper === 'ROLE_USER') return 'ROLE_USER';
  return role.trim();
}

/** docs/product.md, Validation: roles as a comma list or an array, trimmed, blanks dropped, each a known role, no repeats. */
const rolesSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => [...new Set((Array.isArray(v) ? v : v.split(',')).map(canonicalRole).filter(Boolean))])
  .superRefine((roles, ctx) => {
    const unknown = roles.find((r) => !(ROLES as readonly string[]).includes(r));
    if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: messages.unknownRole(unknown) });
  });

/** Dollars with at most 2 decimals, 0 to 100,000; '' or null means none. */
const amountSchema = strictDecimal({ places: 2, min: 0, max: 100_000, message: messages.amountInvalid });

/** A date of birth (see birthDateProblem); '' or null means none. */
const birthDateOrNull = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (typeof v === 'string' && v.trim() ? v.trim() : null))
  .superRefine((v, ctx) => {
    const problem = v === null ? null : birthDateProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const addressPart = optionalText(200);

/** docs/product.md, Validation: an address with every part empty is no address. */
const billingAddressInput = z
  .union([z.object({ street: addressPart, city: addressPart, state: addressPart, zip: addressPart, country: addressPart }), z.null()])
  .optional()
  .transform((a) => (a && Object.values(a).some((part) => part !== null) ? a : null));

/** Fields the admin view shows but nobody edits (docs/product.md, Admin dashboard, and the account's origin, decision 018): accepted and ignored. */
const readOnly = z
  .unknown()
  .optional()
  .transform(() => undefined);

/**
 * PUT /api/admin/users/{id}: the full admin view (docs/product.md, Data) with the normalisation (docs/product.md, Validation),
 * parsed by the form before sending and by the route on arrival. Unknown keys (a card number, a
 * password hash) are refused; read-only ones are accepted and never stored.
 */
export const adminUserUpdateSchema = z.strictObject({
  id: readOnly,
  email: emailSchema(),
  firstName: nameText,
  lastName: nameText,
  fullName: readOnly,
  roles: rolesSchema,
  customerPhone: optionalText(30),
  dob: birthDateOrNull,
  zip: optionalText(ZIP_MAX),
  symptoms: optionalText(SYMPTOMS_MAX),
  subscriptionStatus: z
    .union([z.enum(SUBSCRIPTION_STATUSES), z.literal(''), z.null()], { error: messages.unknownSubscriptionStatus })
    .optional()
    .transform((v) => v || null),
  subscriptionPlan: z
    .union([z.enum(PLAN_IDS), z.literal(''), z.null()], { error: messages.unknownSubscriptionPlan })
    .optional()
    .transform((v): PlanId | null => v || null),
  subscriptionAmount: amountSchema,
  methodOfSubscription: optionalText(50),
  subscriptionMethodOfCancelling: optionalText(50),
  customerState: optionalText(50),
  customerCountry: optionalText(50),
  verified: coercedBoolean,
  smsPolicyAccepted: coercedBoolean,
  billingAddress: billingAddressInput,
  /** Required by the server when roles, subscription or amount change (decision 018). */
  reason: optionalText(500),
  customerId: readOnly,
  customerIp: readOnly,
  submittedDate: readOnly,
  submittedLocalTime: readOnly,
  emailVerificationStat: readOnly,
  cardDetails: readOnly,
  cardName: readOnly,
  cardExpiry: readOnly,
  lastFourDigitsOfCard: readOnly,
  submittedAt: readOnly,
  subscriptionStartDate: readOnly,
  nextSubscriptionRenewDate: readOnly,
  subscriptionEndDate: readOnly,
  subscriptionCancelledDate: readOnly,
  disabledAt: readOnly,
});
export type AdminUserUpdate = z.output<typeof adminUserUpdateSchema>;

/** The edits that need a reason in the audit trail (decision 018). */
export const FIELDS_NEEDING_REASON = ['roles', 'subscriptionStatus', 'subscriptionPlan', 'subscriptionAmount'] as const;

/** One change in a user's history, as the expanded card shows it. */
const auditChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
const auditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorUserId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  actorRole: z.string(),
  action: z.string(),
  status: z.number().int(),
  reason: z.string().nullable(),
  changes: z.array(auditChangeSchema),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
export const auditEventPageSchema = pageSchema(auditEventSchema);

/** GET /api/admin/analytics/summary (docs/product.md, Data); revenueMonthly in dollars to the cent (decision 019). */
const summaryFigures = {
  totalUsers: z.number().int(),
  activeSubscriptions: z.number().int(),
  revenueMonthly: z.number(),
  signupsLast7: z.number().int(),
};
export const analyticsSummarySchema = z.object({
  ...summaryFigures,
  /**
   * The same figures a period earlier, to show each one's change (decision 077): the accounts, memberships
   * and monthly recurring revenue of SUMMARY_COMPARISON_DAYS America/Chicago days ago, and the sign-ups of
   * the 7 × 24 hours before the last.
   */
  previous: z.object({ day: z.string(), ...summaryFigures }),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;
/** How far back the summary's figures are compared. */
export const SUMMARY_COMPARISON_DAYS = 30;

export const ANALYTICS_INTERVALS = ['day', 'week', 'month'] as const;
export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];
/** The longest range the series answers, so one request cannot ask for unbounded work. */
const ANALYTICS_MAX_DAYS = 3 * 366;

/** A real day as YYYY-MM-DD within BUSINESS_YEARS: what the admin's series and filters take. */
export const businessDaySchema = z.string().superRefine((value, ctx) => {
  const date = parseIsoDate(value);
  if (!date) ctx.addIssue({ code: 'custom', message: messages.dateInvalid });
  else if (!isBusinessYear(date.getFullYear())) {
    ctx.addIssue({ code: 'custom', message: messages.dateOutOfRange(BUSINESS_YEARS.first, BUSINESS_YEARS.last) });
  }
});

/** GET /api/admin/analytics/series: from and to are America/Chicago days, both included. */
export const analyticsSeriesQuerySchema = z
  .strictObject({ from: businessDaySchema, to: businessDaySchema, interval: omittedWhenEmpty(z.enum(ANALYTICS_INTERVALS).default('day')) })
  .refine(
    (q) => {
      const [from, to] = [parseIsoDate(q.from), parseIsoDate(q.to)];
      // A date that is no date has its own message already.
      if (!from || !to) return true;
      const days = Math.round((to.getTime() - from.getTime()) / 86_400_000);
      return days >= 0 && days <= ANALYTICS_MAX_DAYS;
    },
    { error: messages.analyticsRangeInvalid, path: ['to'] },
  );
export type AnalyticsSeriesQuery = z.infer<typeof analyticsSeriesQuerySchema>;

const analyticsBucketSchema = z.object({
  /** The bucket's first America/Chicago day, YYYY-MM-DD (a week starts on Monday, a month on the 1st). */
  start: z.string(),
  signups: z.number().int(),
  newMemberships: z.number().int(),
  /** Memberships cancelled or expired in the bucket. */
  endedMemberships: z.number().int(),
  /** Monthly recurring revenue at the end of the bucket, in dollars. */
  revenueMonthly: z.number(),
  /** Succeeded payments in the bucket, in dollars. */
  cashCollected: z.number(),
  /** The bucket holds only part of its day, week or month: cut by the range, or still running. */
  partial: z.boolean(),
});
export type AnalyticsBucket = z.infer<typeof analyticsBucketSchema>;
export const analyticsSeriesSchema = z.object({
  interval: z.enum(ANALYTICS_INTERVALS),
  from: z.string(),
  to: z.string(),
  buckets: z.array(analyticsBucketSchema),
});
export type AnalyticsSeries = z.infer<typeof analyticsSeriesSchema>;

/** The visit figures look back this many America/Chicago days, today included. */
export const VISIT_ANALYTICS_DAYS = 30;

// One named property per service, so a client generator sees every key.
const visitCountsByService = z.object(
  Object.fromEntries(VISIT_SERVICES.map((service) => [service, z.number().int()])) as Record<VisitService, z.ZodNumber>,
);

/**
 * GET /api/admin/analytics/visits: the visits of the last VISIT_ANALYTICS_DAYS America/Chicago days,
 * from..to both included.
 */
export const visitAnalyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Visits requested each day, by service: every day of the range, zeros included. */
  days: z.array(z.object({ day: z.string(), byService: visitCountsByService })),
  /**
   * From request to claim, in minutes to a tenth, over the requests of the range a clinician has claimed
   * (a request handed back counts to its latest claim); null when none was.
   */
  wait: z.object({ claimed: z.number().int(), medianMinutes: z.number().nullable(), p90Minutes: z.number().nullable() }),
  /** Visits that ended in the range, completed or cancelled. */
  completed: z.number().int(),
  cancelled: z.number().int(),
  /** The visits each clinician completed in the range, most first. */
  clinicians: z.array(z.object({ id: z.string(), name: z.string(), credentials: z.enum(CLINICIAN_CREDENTIALS), closed: z.number().int() })),
});
export type VisitAnalytics = z.infer<typeof visitAnalyticsSchema>;
