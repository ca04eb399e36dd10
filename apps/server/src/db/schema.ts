import { sql } from 'drizzle-orm';
import {
  bigint,
  type AnyPgColumn,
  bigserial,
  date,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  CHILD_RELATIONSHIPS,
  CLINICIAN_CREDENTIALS,
  CONSENT_SOURCES,
  ENQUIRY_STATUSES,
  PLAN_IDS,
  SMS_KINDS,
  SUBSCRIPTION_STATUSES,
  SYMPTOMS_SINCE,
  VISIT_CANCELLERS,
  VISIT_COVERAGES,
  VISIT_MODES,
  VISIT_PHOTO_TYPES,
  VISIT_SERVICES,
  VISIT_STATUSES,
  VIDEO_SIDES,
  type HealthHistory,
  type VideoSignal,
  type VisitNote,
} from '@app/shared';
import { phiJson, phiText } from './phi-column';
import { knownPlanIds, knownSubscriptionStatuses } from './sql-constants';
import type { Outcome } from '../lib/errors';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => tz('created_at').notNull().defaultNow();

/** Every field of the user (docs/product.md, Data). Card data is limited to brand, last 4, expiry and name. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`ARRAY['ROLE_USER']::text[]`),
    // Health data and contact details are sealed at rest (decision 016); dob is its ISO date as text.
    customerPhone: phiText('customer_phone'),
    dob: phiText('dob'),
    zip: phiText('zip'),
    symptoms: phiText('symptoms'),
    customerId: text('customer_id').notNull(),
    customerIp: text('customer_ip'),
    customerState: text('customer_state'),
    customerCountry: text('customer_country'),
    submittedAt: tz('submitted_at'),
    submittedLocalTime: text('submitted_local_time'),
    verified: boolean('verified').notNull().default(false),
    emailVerifiedAt: tz('email_verified_at'),
    smsPolicyAccepted: boolean('sms_policy_accepted').notNull().default(false),
    /** A keyed hash of the phone in E.164 (db/phone-index.ts), so a text's sender finds their accounts without opening every phone. */
    phoneIndex: text('phone_index'),
    // Stored as the code names them, nothing else (decision 045): readers compare exact values.
    subscriptionStatus: text('subscription_status', { enum: SUBSCRIPTION_STATUSES }),
    subscriptionPlan: text('subscription_plan', { enum: PLAN_IDS }),
    /** The plan's price in US cents (the API shows dollars). */
    subscriptionAmountCents: integer('subscription_amount_cents'),
    methodOfSubscription: text('method_of_subscription'),
    subscriptionMethodOfCancelling: text('subscription_method_of_cancelling'),
    subscriptionStartDate: tz('subscription_start_date'),
    nextSubscriptionRenewDate: tz('next_subscription_renew_date'),
    subscriptionEndDate: tz('subscription_end_date'),
    subscriptionCancelledDate: tz('subscription_cancelled_date'),
    /** Why the member (or an admin for them) cancelled, when they said. */
    subscriptionCancellationReason: text('subscription_cancellation_reason'),
    billingStreet: phiText('billing_street'),
    billingCity: phiText('billing_city'),
    billingState: phiText('billing_state'),
    billingZip: phiText('billing_zip'),
    billingCountry: phiText('billing_country'),
    cardholderName: text('cardholder_name'),
    cardLast4: text('card_last4'),
    cardExpiry: text('card_expiry'),
    cardBrand: text('card_brand'),
    disabledAt: tz('disabled_at'),
    /** The member deleted their account then: contact details erased, sign-in closed (decision 069). */
    deletedAt: tz('deleted_at'),
    /** When housekeeping erases the medical and payment records a deleted account keeps. */
    recordsEraseAfter: tz('records_erase_after'),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_customer_id_key').on(t.customerId),
    // The admin list's sort orders, each ending in the id that breaks ties (decision 018).
    // Also holds the searched and filtered columns (INCLUDE, migration 0034, decision 080): Drizzle cannot declare them.
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_email_sort_idx').on(t.email, t.id),
    index('users_full_name_sort_idx').on(sql`(${t.firstName} || ' ' || ${t.lastName})`, t.id),
    index('users_submitted_sort_idx').on(sql`coalesce(${t.submittedAt}, ${t.createdAt})`, t.id),
    index('users_status_sort_idx').on(t.subscriptionStatus, t.id),
    index('users_amount_sort_idx').on(t.subscriptionAmountCents, t.id),
    // The Members table's filters: whether more than the counting cap match is read from this index alone (decision 078).
    index('users_filter_idx').on(t.subscriptionStatus, t.subscriptionPlan, t.verified),
    // Substring search (pg_trgm).
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    // Stored lower-cased, so search and sign-in match the column as it is indexed.
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_subscription_plan_known', sql`${t.subscriptionPlan} IN ${knownPlanIds}`),
    check('users_subscription_status_known', sql`${t.subscriptionStatus} IN ${knownSubscriptionStatuses}`),
    index('users_full_name_trgm_idx').using('gin', sql`lower(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    // Analytics (decision 019): the recurring amounts of active memberships.
    index('users_active_amount_idx')
      .on(t.subscriptionPlan, t.subscriptionAmountCents)
      .where(sql`subscription_status = 'active'`),
    index('users_phone_index_idx')
      .on(t.phoneIndex)
      .where(sql`phone_index IS NOT NULL`),
    index('users_records_erase_idx')
      .on(t.recordsEraseAfter)
      .where(sql`records_erase_after IS NOT NULL`),
  ],
);

/** A signed-in session. The JWT carries its id, so deleting or revoking the row signs out. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rememberMe: boolean('remember_me').notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
    expiresAt: tz('expires_at').notNull(),
    revokedAt: tz('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** E-mail verification and change, password reset and admin magic-link tokens; only a SHA-256 of each is kept. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
    /** For an e-mail change: the address the account takes when the link is used. */
    newEmail: text('new_email'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash), index('one_time_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Mail waits here, written in the same transaction as the change that causes it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /**
     * What the message says, laid out into its text and HTML bodies when it is sent (decision 039).
     * Sealed like health data: an enquiry's mail carries its message and phone (decision 016).
     */
    letter: phiJson<Letter>('letter'),
    /** The bodies of a message queued before migration 0016, laid out when it was queued; null since. */
    textBody: phiText('text_body'),
    htmlBody: phiText('html_body'),
    kind: text('kind').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: tz('locked_until'),
    sentAt: tz('sent_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`sent_at IS NULL`),
    check('mail_outbox_has_content', sql`${t.letter} IS NOT NULL OR (${t.textBody} IS NOT NULL AND ${t.htmlBody} IS NOT NULL)`),
  ],
);

/**
 * rate-limiter-flexible's counters when the server runs on Postgres (decision 013): one row per
 * limited key, its points and when they expire (epoch milliseconds). The library owns the queries.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

/** Captcha solutions seen, so that each works once. */
export const captchaTokens = pgTable('captcha_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  verifiedAt: tz('verified_at').notNull().defaultNow(),
  consumedAt: tz('consumed_at'),
  expiresAt: tz('expires_at').notNull(),
});

/**
 * The counts of every user the admin Users list shows unfiltered, kept by statement triggers on
 * `users` (migration 0008), so no request counts every row. Striped over up to 16 slots, one per
 * database connection, so that concurrent writers never wait for one another (decision 029): a
 * count is the sum of the slots.
 */
export const userCounts = pgTable('user_counts', {
  slot: smallint('slot').primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull(),
  admins: bigint('admins', { mode: 'number' }).notNull(),
  activeSubscriptions: bigint('active_subscriptions', { mode: 'number' }).notNull(),
  verified: bigint('verified', { mode: 'number' }).notNull(),
});

/** Membership billing state kept beside the user's subscription fields. */
export const memberships = pgTable(
  'memberships',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The gateway's reusable token for renewals; never a card number. */
    gatewayToken: text('gateway_token'),
    /** When the renewal job should next charge (renewal date, or the next retry while past due). */
    nextChargeAt: tz('next_charge_at'),
    /** Declined renewals in a row for the current period. */
    failedRenewals: integer('failed_renewals').notNull().default(0),
    /** A job instance holds the membership until then while it charges. */
    lockedUntil: tz('locked_until'),
    /** A cancellation's end: the renewal due then is not charged, and the membership becomes cancelled. */
    cancelAt: tz('cancel_at'),
    /** The plan the next renewal charges and moves the member to (a plan change at the next full cycle). */
    scheduledPlan: text('scheduled_plan', { enum: ['individualMonthly', 'familyMonthly'] }),
    /** When the yearly reminder of the membership's terms was last sent. */
    remindedAt: tz('reminded_at'),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('memberships_due_idx')
      .on(t.nextChargeAt)
      .where(sql`next_charge_at IS NOT NULL`),
    check('memberships_scheduled_plan_monthly', sql`${t.scheduledPlan} IN ('individualMonthly', 'familyMonthly')`),
  ],
);

/**
 * The auto-renewal terms shown at a membership's checkout, as the patient saw them: the exact words,
 * their version, when and from which address. Kept at least three years: nothing cascades onto it.
 */
export const purchaseConsents = pgTable(
  'purchase_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    paymentId: uuid('payment_id').notNull(),
    planId: text('plan_id').notNull(),
    termsText: text('terms_text').notNull(),
    termsVersion: text('terms_version').notNull(),
    ip: text('ip').notNull(),
    agreedAt: tz('agreed_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('purchase_consents_payment_key').on(t.paymentId), index('purchase_consents_user_idx').on(t.userId, t.agreedAt)],
);

/** The payments ledger: one row per charge attempt, written before the gateway is called. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The plan paid for; for a visit paid by itself, the visit's service. */
    planId: text('plan_id').notNull(),
    /** checkout (a membership bought), renewal, visit (one visit bought), or refund (money given back). */
    kind: text('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    gateway: text('gateway').notNull(),
    gatewayReference: text('gateway_reference'),
    /** pending (gateway not answered yet), succeeded, failed, or voided (charged while the membership changed, given back). */
    status: text('status').notNull(),
    failureCode: text('failure_code'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** For renewals: the period being paid and which try this is, unique together so a period is charged once. */
    periodStart: tz('period_start'),
    attempt: integer('attempt').notNull().default(1),
    /** The idempotency key this attempt sent to the gateway, to ask the gateway about it later. */
    gatewayKey: text('gateway_key'),
    /** For checkouts: the client's Idempotency-Key, whose answer reconciliation records. */
    clientKey: text('client_key'),
    /** For checkouts: what completing the purchase needs besides the card (billing address, name, expiry). */
    details: phiJson<CheckoutDetails>('details'),
    /** A reconciliation run holds a pending attempt until then. */
    lockedUntil: tz('locked_until'),
    /** For refunds (kind refund, a negative amount): the payment given back. */
    refundOf: uuid('refund_of').references((): AnyPgColumn => payments.id, { onDelete: 'cascade' }),
    /** For refunds: why the admin gave the money back. Sealed: a reason may speak of the patient's care. */
    reason: phiText('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdAt),
    check(
      'payments_refund_shape',
      sql`(${t.kind} = 'refund') = (${t.refundOf} IS NOT NULL) AND (${t.kind} <> 'refund' OR (${t.amountCents} < 0 AND ${t.reason} IS NOT NULL))`,
    ),
    // One refund of a payment in flight at a time, whichever admin or instance asks.
    uniqueIndex('payments_one_refund_in_flight_key')
      .on(t.refundOf)
      .where(sql`kind = 'refund' AND status = 'pending'`),
    index('payments_refund_of_idx')
      .on(t.refundOf)
      .where(sql`refund_of IS NOT NULL`),
    uniqueIndex('payments_renewal_once_key')
      .on(t.userId, t.periodStart, t.attempt)
      .where(sql`kind = 'renewal'`),
    // One purchase (a membership or a visit) at a time per patient, whatever the Idempotency-Key, across every server instance.
    uniqueIndex('payments_one_checkout_in_flight_key')
      .on(t.userId)
      .where(sql`kind IN ('checkout', 'visit') AND status = 'pending'`),
    index('payments_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
  ],
);

export interface CheckoutDetails {
  billingStreet: string;
  billingCity: string;
  billingState: string;
  billingZip: string;
  billingCountry: string;
  cardholderName: string;
  cardExpiry: string;
}

/** What a message says; one layout (`renderLetter`) makes its text and HTML bodies from it. */
export interface Letter {
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** The sign-off; the brand's team when absent. */
  closing?: string;
  /** A PDF made when the message is sent: the receipt of this payment. */
  attachment?: { receiptOf: string };
}

/**
 * The sandbox gateway's own record of charges, as a card network keeps one: it outlives a crash of
 * our process, so reconciliation can ask it what happened.
 */
export const sandboxGatewayCharges = pgTable('sandbox_gateway_charges', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  /** The answer given for this key: a charge, or a decline. */
  result: jsonb('result').$type<SandboxResult>().notNull(),
  amountCents: integer('amount_cents').notNull(),
  /** Set when the charge was voided, or when the key was voided before any charge (it then never charges). */
  voidedAt: tz('voided_at'),
  createdAt: createdAt(),
});

export type SandboxResult =
  | { ok: true; reference: string; paymentMethodToken: string; brand: string | null; last4: string }
  /** A refund of the charge `refundOf`. */
  | { ok: true; reference: string; refundOf: string }
  | { ok: false; code: string };

/** Checkout answers by Idempotency-Key, so a repeated request replays the first answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** The answer's outcome (lib/errors.ts Outcome); the route turns it into the HTTP status. */
    responseOutcome: text('response_outcome').$type<Outcome>(),
    // Sealed: the replayed answer holds the user's profile, health data included (decision 016).
    responseBody: phiText('response_body'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_pk').on(t.userId, t.key)],
);

/**
 * Totals per America/Chicago day for the analytics series (decision 019), kept by statement triggers
 * on users and payments (migration 0009); nothing in the application writes them. Each day's total
 * is the sum of its slots (decision 029).
 */
export const dailyAccounts = pgTable(
  'daily_accounts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    slot: smallint('slot').notNull().default(0),
    signups: bigint('signups', { mode: 'number' }).notNull().default(0),
    endedMemberships: bigint('ended_memberships', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'daily_accounts_pk', columns: [t.day, t.slot] })],
);

export const dailyPayments = pgTable(
  'daily_payments',
  {
    day: date('day', { mode: 'string' }).notNull(),
    planId: text('plan_id').notNull(),
    kind: text('kind').notNull(),
    slot: smallint('slot').notNull().default(0),
    /** Succeeded payments only. */
    payments: bigint('payments', { mode: 'number' }).notNull().default(0),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'daily_payments_pk', columns: [t.day, t.planId, t.kind, t.slot] })],
);

/** Contact-page enquiries, kept so support can answer even if the e-mail to them is delayed. */
export const enquiries = pgTable(
  'enquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: phiText('phone').notNull(),
    message: phiText('message').notNull(),
    smsOptIn: boolean('sms_opt_in').notNull(),
    customerIp: text('customer_ip'),
    customerState: text('customer_state'),
    customerCountry: text('customer_country'),
    /** New until an admin replies (answered) or closes it (closed). */
    status: text('status', { enum: ENQUIRY_STATUSES }).notNull().default('new'),
    createdAt: createdAt(),
  },
  (t) => [
    index('enquiries_created_idx').on(t.createdAt, t.id),
    index('enquiries_status_created_idx').on(t.status, t.createdAt, t.id),
    check('enquiries_status_known', sql`${t.status} IN ('new', 'answered', 'closed')`),
  ],
);

/** An admin's reply to an enquiry, e-mailed to its sender and kept with it; sealed like the enquiry's message. */
export const enquiryReplies = pgTable(
  'enquiry_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: phiText('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('enquiry_replies_enquiry_idx').on(t.enquiryId, t.createdAt)],
);

/**
 * Who read or changed patient data, or acted as an admin, and when (HIPAA §164.312(b)). Append-only:
 * triggers refuse UPDATE, DELETE and TRUNCATE, and the server's role may only read it and append
 * through `audit_append`; each row's hash, keyed with AUDIT_KEY, covers the previous row's, so an edit
 * made around the triggers breaks the chain (decision 048). No foreign keys: the trail outlives the accounts.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: tz('at').notNull(),
    actorUserId: uuid('actor_user_id'),
    actorRole: text('actor_role').notNull(),
    /** Method and route pattern, never a URL (which could carry a token). */
    action: text('action').notNull(),
    subjectUserId: uuid('subject_user_id'),
    ip: text('ip'),
    status: integer('status').notNull(),
    /** What a list read asked for, or an edit's reason and before/after values: sealed, as they hold health data (decision 018). */
    details: phiJson<AuditDetails>('details'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_log_subject_idx').on(t.subjectUserId, t.at),
    index('audit_log_actor_idx').on(t.actorUserId, t.at),
    // The audit log's pages, newest first by (at, id): unfiltered or by date, and by action.
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_action_idx').on(t.action, t.at, t.id),
  ],
);

/** One field an admin changed, with its values before and after (as the admin API shows them). */
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** The details of an audit row: an edit's reason and changes, or what a list read asked for and got. */
export interface AuditDetails {
  reason?: string | null;
  changes?: AuditChange[];
  [key: string]: unknown;
}

/**
 * The patient's health history, one row per save (never updated): the latest row is what the patient
 * sees, and an earlier one is what the history said when it was saved, for a note written then.
 * Sealed at rest (decision 016).
 */
export const healthHistoryVersions = pgTable(
  'health_history_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    history: phiJson<HealthHistory>('history').notNull(),
    savedAt: tz('saved_at').notNull().defaultNow(),
  },
  (t) => [index('health_history_versions_user_idx').on(t.userId, t.id)],
);

/**
 * The rupees per dollar that expense saves use (decision 020): each change is a new row, so the latest
 * row is the current rate and the rows before it are its history. Without a row, the configured
 * starting value applies. The rate is kept × 10,000 (4 decimals) as an integer.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    inrPerUsdE4: integer('inr_per_usd_e4').notNull(),
    effectiveFrom: tz('effective_from').notNull().defaultNow(),
    /** The e-mail of the admin who set it. */
    setBy: text('set_by').notNull(),
  },
  (t) => [check('exchange_rates_positive', sql`${t.inrPerUsdE4} > 0`)],
);

/**
 * A receipt upload an admin started (decision 020). The server chose the storage key; the file
 * name is for display only. Attached once an expense points at it; never attached within a day,
 * housekeeping deletes it and its file.
 */
export const expenseUploads = pgTable(
  'expense_uploads',
  {
    id: uuid('id').primaryKey(),
    /** No foreign key: a new expense's receipt may be uploaded before the expense is first saved. */
    expenseId: uuid('expense_id').notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdByUserId: uuid('created_by_user_id').notNull(),
    createdAt: createdAt(),
    /** The upload address stops working then. */
    expiresAt: tz('expires_at').notNull(),
    attachedAt: tz('attached_at'),
  },
  (t) => [
    uniqueIndex('expense_uploads_storage_key').on(t.storageKey),
    index('expense_uploads_expense_idx').on(t.expenseId),
    index('expense_uploads_unattached_idx')
      .on(t.createdAt)
      .where(sql`attached_at IS NULL`),
  ],
);

/** An expense (docs/product.md, Data); money in minor units (cents, paise) with the rate it was saved at. */
export const expenses = pgTable(
  'expenses',
  {
    id: uuid('id').primaryKey(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    originalCurrency: text('original_currency').notNull(),
    originalAmountMinor: bigint('original_amount_minor', { mode: 'number' }).notNull(),
    amountUsdCents: bigint('amount_usd_cents', { mode: 'number' }).notNull(),
    amountInrPaise: bigint('amount_inr_paise', { mode: 'number' }).notNull(),
    inrPerUsdE4: integer('inr_per_usd_e4').notNull(),
    spentAt: tz('spent_at').notNull(),
    /** The creating admin's e-mail, lower-cased (docs/product.md, Data). */
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    fileUploadId: uuid('file_upload_id').references(() => expenseUploads.id),
  },
  (t) => [
    check('expenses_currency', sql`${t.originalCurrency} IN ('USD', 'INR')`),
    check(
      'expenses_amounts',
      sql`${t.originalAmountMinor} >= 0 AND ${t.amountUsdCents} >= 0 AND ${t.amountInrPaise} >= 0 AND ${t.inrPerUsdE4} > 0`,
    ),
    index('expenses_spent_idx').on(t.spentAt.desc(), t.id.desc()),
    index('expenses_created_by_idx').on(t.createdBy, t.spentAt.desc(), t.id.desc()),
    index('expenses_currency_idx').on(t.originalCurrency, t.spentAt.desc(), t.id.desc()),
  ],
);

/**
 * A licensed clinician: the account (role ROLE_CLINICIAN) with its licence, NPI and the states it may
 * treat patients located in. A disabled clinician keeps the row (signed notes name it) but sees no queue.
 */
export const clinicians = pgTable(
  'clinicians',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'restrict' }),
    credentials: text('credentials', { enum: CLINICIAN_CREDENTIALS }).notNull(),
    npi: text('npi').notNull(),
    states: text('states').array().notNull(),
    onDuty: boolean('on_duty').notNull().default(false),
    disabledAt: tz('disabled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('clinicians_npi_key').on(t.npi),
    check('clinicians_credentials_known', sql`${t.credentials} IN ('MD', 'DO', 'NP', 'PA')`),
    // The queue asks which active clinicians are licensed where a patient is.
    index('clinicians_states_idx').using('gin', t.states),
  ],
);

/**
 * A visit: a patient's request, the clinician who claimed it, and when it started and ended. Kept
 * whatever happens to the account (the record is kept 7 years), so its people are never cascaded away.
 * Symptoms, the callback number and a cancellation's reason are sealed (decision 016).
 */
export const visits = pgTable(
  'visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Who asked for the visit: the patient, or their guardian. */
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    service: text('service', { enum: VISIT_SERVICES }).notNull(),
    mode: text('mode', { enum: VISIT_MODES }).notNull(),
    /** Where the patient is during the visit: a clinician must be licensed there. */
    state: text('state').notNull(),
    symptoms: phiText('symptoms').notNull(),
    since: text('since', { enum: SYMPTOMS_SINCE }).notNull(),
    callbackPhone: phiText('callback_phone').notNull(),
    /** What pays for the visit: a monthly membership, a one-time visit it then uses up, or a payment for it alone. */
    coverage: text('coverage', { enum: VISIT_COVERAGES }).notNull(),
    /** For a paid visit: its payment, which covers one visit that is not cancelled. */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    /** The health history as it was when the visit was requested, if one was saved. */
    historyVersionId: bigint('history_version_id', { mode: 'number' }).references(() => healthHistoryVersions.id, { onDelete: 'restrict' }),
    status: text('status', { enum: VISIT_STATUSES }).notNull().default('waiting'),
    clinicianId: uuid('clinician_id').references(() => clinicians.userId, { onDelete: 'restrict' }),
    requestedAt: tz('requested_at').notNull().defaultNow(),
    claimedAt: tz('claimed_at'),
    startedAt: tz('started_at'),
    endedAt: tz('ended_at'),
    cancelledBy: text('cancelled_by', { enum: VISIT_CANCELLERS }),
    cancelReason: phiText('cancel_reason'),
    /** The telehealth consent given with the request: its version, time and address. */
    consentVersion: text('consent_version').notNull(),
    consentAt: tz('consent_at').notNull(),
    consentIp: text('consent_ip'),
  },
  (t) => [
    // One open request per patient, whatever races the form.
    uniqueIndex('visits_one_open_per_patient')
      .on(t.patientId)
      .where(sql`status IN ('waiting', 'claimed', 'in_visit')`),
    // The queue: waiting requests by state, oldest first.
    index('visits_queue_idx')
      .on(t.state, t.requestedAt)
      .where(sql`status = 'waiting'`),
    // A clinician's queue over several states, oldest first: read in order up to the page's end.
    index('visits_waiting_idx')
      .on(t.requestedAt)
      .where(sql`status = 'waiting'`),
    index('visits_patient_idx').on(t.patientId, t.requestedAt),
    index('visits_clinician_idx').on(t.clinicianId, t.status),
    index('visits_claimed_idx').on(t.claimedAt),
    check('visits_service_known', sql`${t.service} IN ('urgent-care', 'primary-care', 'womens-health', 'pediatric-care')`),
    check('visits_mode_known', sql`${t.mode} IN ('video', 'phone', 'message')`),
    check('visits_status_known', sql`${t.status} IN ('waiting', 'claimed', 'in_visit', 'completed', 'cancelled')`),
    check('visits_claimed_has_clinician', sql`${t.status} IN ('waiting', 'cancelled') OR ${t.clinicianId} IS NOT NULL`),
    uniqueIndex('visits_payment_once')
      .on(t.paymentId)
      .where(sql`payment_id IS NOT NULL AND status <> 'cancelled'`),
    check('visits_paid_has_payment', sql`(${t.coverage} = 'paid') = (${t.paymentId} IS NOT NULL)`),
  ],
);

/** The clinician's note of a visit: a draft until signed, then never changed (only amended). Sealed. */
export const visitNotes = pgTable('visit_notes', {
  visitId: uuid('visit_id')
    .primaryKey()
    .references(() => visits.id, { onDelete: 'restrict' }),
  note: phiJson<VisitNote>('note').notNull(),
  /** The pharmacy the prescriptions were sent to, from the health history when the note was signed. */
  pharmacy: phiJson<HealthHistory['pharmacy']>('pharmacy'),
  signedAt: tz('signed_at'),
  signedBy: uuid('signed_by').references(() => clinicians.userId, { onDelete: 'restrict' }),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/** An addendum to a signed note, with its time and author. Sealed. */
export const visitAddenda = pgTable(
  'visit_addenda',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'restrict' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => clinicians.userId, { onDelete: 'restrict' }),
    text: phiText('text').notNull(),
    addedAt: tz('added_at').notNull().defaultNow(),
  },
  (t) => [index('visit_addenda_visit_idx').on(t.visitId, t.id)],
);

/**
 * A message of a visit's thread, from the patient's side or the clinician's. Sealed. A message may
 * carry one photo, its bytes sealed in the object storage under a key named by the visit and the
 * photo's id (decision 057); its type and size are all the row holds of it.
 */
export const visitMessages = pgTable(
  'visit_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'restrict' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    fromSide: text('from_side', { enum: ['patient', 'clinician'] }).notNull(),
    text: phiText('text').notNull(),
    photoId: uuid('photo_id'),
    photoType: text('photo_type', { enum: VISIT_PHOTO_TYPES }),
    photoSize: integer('photo_size'),
    sentAt: tz('sent_at').notNull().defaultNow(),
  },
  (t) => [
    index('visit_messages_visit_idx').on(t.visitId, t.id),
    uniqueIndex('visit_messages_photo_idx').on(t.photoId),
    check(
      'visit_messages_photo_whole',
      sql`(${t.photoId} IS NULL) = (${t.photoType} IS NULL) AND (${t.photoId} IS NULL) = (${t.photoSize} IS NULL)`,
    ),
    check('visit_messages_photo_type', sql`${t.photoType} IN ('image/jpeg', 'image/png')`),
  ],
);

/** A request handed back to the queue: by whom, why (sealed) and when. */
export const visitReleases = pgTable(
  'visit_releases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'restrict' }),
    clinicianId: uuid('clinician_id')
      .notNull()
      .references(() => clinicians.userId, { onDelete: 'restrict' }),
    reason: phiText('reason').notNull(),
    releasedAt: tz('released_at').notNull().defaultNow(),
  },
  (t) => [index('visit_releases_visit_idx').on(t.visitId)],
);

/**
 * Who is watching a visit's waiting room now: a row per open event stream, renewed while it is open
 * and deleted when it closes; a row past `expiresAt` (its instance stopped first) counts for nothing.
 * The claim mails and texts the patient only when no live row is theirs (decision 059). Unlogged
 * (migration 0026): a crash empties it, which only makes the next claim notice go out.
 */
export const visitPresence = pgTable(
  'visit_presence',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: tz('expires_at').notNull(),
  },
  (t) => [index('visit_presence_visit_idx').on(t.visitId, t.userId, t.expiresAt), index('visit_presence_expires_idx').on(t.expiresAt)],
);

/**
 * A visit's video calls (decision 072): when each started and ended, and who ended it. One is open at a
 * time; the media passes between the two browsers, never through the server.
 */
export const videoCalls = pgTable(
  'video_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    startedBy: uuid('started_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    startedAt: tz('started_at').notNull().defaultNow(),
    endedAt: tz('ended_at'),
    endedBy: uuid('ended_by').references(() => users.id, { onDelete: 'restrict' }),
    endedBySide: text('ended_by_side', { enum: VIDEO_SIDES }),
  },
  (t) => [
    uniqueIndex('video_calls_one_open_per_visit')
      .on(t.visitId)
      .where(sql`${t.endedAt} IS NULL`),
    index('video_calls_visit_idx').on(t.visitId, t.startedAt),
    check('video_calls_ended_by_side_check', sql`${t.endedBySide} IN ('patient', 'clinician')`),
    check('video_calls_ended_together', sql`(${t.endedAt} IS NULL) = (${t.endedBySide} IS NULL)`),
  ],
);

/** What the parties of an open call send each other to connect, until the other side has read it. Unlogged (migration 0032). */
export const videoSignals = pgTable(
  'video_signals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    callId: uuid('call_id')
      .notNull()
      .references(() => videoCalls.id, { onDelete: 'cascade' }),
    toSide: text('to_side', { enum: VIDEO_SIDES }).notNull(),
    signal: jsonb('signal').$type<VideoSignal>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('video_signals_call_idx').on(t.callId, t.toSide, t.id),
    index('video_signals_created_idx').on(t.createdAt),
    check('video_signals_to_side_check', sql`${t.toSide} IN ('patient', 'clinician')`),
  ],
);

/**
 * Texts wait here, written in the same transaction as the change that causes them, and leave as the
 * mail outbox's do (decision 053). The number is sealed, and blanked with the body once the text has
 * left for the provider or failed for good.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** E.164. */
    recipient: phiText('recipient'),
    body: text('body'),
    kind: text('kind', { enum: SMS_KINDS }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: tz('locked_until'),
    sentAt: tz('sent_at'),
    /** Refused by the provider for good (a 4xx): never tried again. */
    failedAt: tz('failed_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`sent_at IS NULL AND failed_at IS NULL`),
    check('sms_outbox_kind_known', sql`${t.kind} IN ('doctor-ready', 'visit-message')`),
  ],
);

/** Each grant or withdrawal of a member's consent to a channel (TCPA records): never updated. */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['sms'] }).notNull(),
    granted: boolean('granted').notNull(),
    source: text('source', { enum: CONSENT_SOURCES }).notNull(),
    /** The member's address for a change they made on the site; null for a text's keyword. */
    ip: text('ip'),
    at: tz('at').notNull().defaultNow(),
  },
  (t) => [
    index('consent_records_user_idx').on(t.userId, t.at),
    check('consent_records_channel_known', sql`${t.channel} IN ('sms')`),
    check('consent_records_source_known', sql`${t.source} IN ('sign-up', 'profile', 'sms-keyword')`),
  ],
);

/**
 * A person a family membership covers besides its holder (decision 066): an invited adult with a login
 * of their own, or a child, an account without a login whose guardian keeps its record. The holder's
 * household is the holder and these rows; anyone else has a household of one.
 */
export const householdMembers = pgTable(
  'household_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    holderId: uuid('holder_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['adult', 'child'] }).notNull(),
    /** A child's guardian: the adult who added them, the only other person who sees their record. */
    guardianId: uuid('guardian_id').references(() => users.id, { onDelete: 'cascade' }),
    relationship: text('relationship', { enum: CHILD_RELATIONSHIPS }),
    /** A child's sex on the birth record, sealed with their other details. */
    sex: phiText('sex'),
    joinedAt: tz('joined_at').notNull().defaultNow(),
  },
  (t) => [
    index('household_members_holder_idx').on(t.holderId),
    index('household_members_guardian_idx')
      .on(t.guardianId)
      .where(sql`guardian_id IS NOT NULL`),
    check('household_members_role_known', sql`${t.role} IN ('adult', 'child')`),
    check('household_members_child_has_guardian', sql`(${t.role} = 'child') = (${t.guardianId} IS NOT NULL)`),
    check('household_members_not_own_holder', sql`${t.userId} <> ${t.holderId}`),
  ],
);

/**
 * An invitation to join a family by e-mail; only a SHA-256 of its token is kept. With a person, it
 * gives a child who turned 18 a login of their own, and their record with it (decision 067).
 */
export const householdInvitations = pgTable(
  'household_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    holderId: uuid('holder_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    personId: uuid('person_id').references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tz('expires_at').notNull(),
    acceptedAt: tz('accepted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('household_invitations_token_key').on(t.tokenHash),
    index('household_invitations_holder_idx')
      .on(t.holderId)
      .where(sql`accepted_at IS NULL`),
    check('household_invitations_email_lowercase', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * A member's data download (decision 068): prepared in the background as an outbox's message is sent
 * (claimed under a lease, tried again later on failure), then kept sealed in the object storage at
 * `storageKey` until `expiresAt`, when housekeeping removes the file and the row.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: tz('locked_until'),
    lastError: text('last_error'),
    storageKey: text('storage_key'),
    readyAt: tz('ready_at'),
    expiresAt: tz('expires_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    index('data_exports_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`ready_at IS NULL`),
    index('data_exports_expires_idx')
      .on(t.expiresAt)
      .where(sql`expires_at IS NOT NULL`),
  ],
);
