import { formatCentralDay } from './dates';
import { MEMBERSHIP_TERM_DAYS, MEMBERSHIP_TERMS, type CancellationOutcome, type MonthlyPlanId } from './membership';
import { messages } from './messages';
import { fromMinorUnits, formatUsd } from './money';
import type { Plan } from './plan-ids';
import { z } from './zod';

/**
 * The words a member reads about their membership's terms, composed once from the rules: the server
 * answers with them, and the pages show what it answered.
 */

/** The auto-renewal terms shown next to checkout's pay button; a purchase keeps them with this version. */
export const AUTO_RENEWAL_TERMS_VERSION = '2026-12-06';
export const autoRenewalTerms = (plan: Pick<Plan, 'priceCents'>) =>
  `Renews every ${MEMBERSHIP_TERM_DAYS} days at ${formatUsd(plan.priceCents)} until you cancel. Cancel online any time from your profile.`;

/** "You'll be charged $29.99 once more on December 27. Your membership ends on January 26." */
export function cancellationSummary(outcome: CancellationOutcome, priceCents: number): string {
  const { charges, endsAt } = outcome;
  const last = charges.at(-1);
  const charged = !last
    ? "You won't be charged again."
    : charges.length === 1
      ? `You'll be charged ${formatUsd(priceCents)} once more on ${formatCentralDay(last)}.`
      : `You'll be charged ${formatUsd(priceCents)} ${charges.length} more times, the last on ${formatCentralDay(last)}.`;
  return `${charged} Your membership ends on ${formatCentralDay(endsAt)}.`;
}

/** "From December 27 your plan is Family Monthly at $49.99" */
export const planChangeSummary = (from: Date, plan: Pick<Plan, 'title' | 'priceCents'>) =>
  `From ${formatCentralDay(from)} your plan is ${plan.title} at ${formatUsd(plan.priceCents)}`;

const monthlyPlanSchema = (message: string) =>
  z.enum(Object.keys(MEMBERSHIP_TERMS.minimumTermDays) as [MonthlyPlanId, ...MonthlyPlanId[]], { error: message });

export const CANCELLATION_REASON_MAX = 500;
/** POST /api/users/me/membership/cancellation: the member's optional reason. */
export const cancellationRequestSchema = z.strictObject({
  reason: z
    .string()
    .trim()
    .max(CANCELLATION_REASON_MAX, { error: `Please keep the reason under ${CANCELLATION_REASON_MAX} characters.` })
    .optional()
    .transform((v) => v || null),
});
export type CancellationRequest = z.input<typeof cancellationRequestSchema>;

/** PUT /api/users/me/membership/plan-change: the plan from the next full billing cycle. */
export const planChangeRequestSchema = z.strictObject({ planId: monthlyPlanSchema('Please choose Individual Monthly or Family Monthly.') });

/** What cancelling now would come to, as the server computed it. */
export const cancellationQuoteSchema = z.object({
  charges: z.array(z.object({ date: z.iso.datetime({ offset: true }), amount: z.number() })),
  endsAt: z.iso.datetime({ offset: true }),
  summary: z.string(),
});
export type CancellationQuote = z.infer<typeof cancellationQuoteSchema>;

export const quoteAnswer = (outcome: CancellationOutcome, priceCents: number): CancellationQuote => ({
  charges: outcome.charges.map((date) => ({ date: date.toISOString(), amount: fromMinorUnits(priceCents) })),
  endsAt: outcome.endsAt.toISOString(),
  summary: cancellationSummary(outcome, priceCents),
});

/** A member's cancellation and scheduled plan change, as their profile shows them. */
export const membershipTermsSchema = z.object({
  cancellation: z
    .object({
      endsAt: z.iso.datetime({ offset: true }),
      /** "Ends on January 26" */
      endsOn: z.string(),
      cancelledAt: z.iso.datetime({ offset: true }).nullable(),
      method: z.string().nullable(),
      reason: z.string().nullable(),
    })
    .nullable(),
  planChange: z
    .object({
      planId: z.string(),
      from: z.iso.datetime({ offset: true }),
      summary: z.string(),
    })
    .nullable(),
});
export type MembershipTerms = z.infer<typeof membershipTermsSchema>;

/** An admin's cancellation for a member: the reason is required, as for every change of a membership. */
export const adminCancellationRequestSchema = z.strictObject({
  reason: z
    .string({ error: messages.changeReasonRequired })
    .trim()
    .min(1, { error: messages.changeReasonRequired })
    .max(CANCELLATION_REASON_MAX, { error: `Please keep the reason under ${CANCELLATION_REASON_MAX} characters.` }),
});

/** A consent to auto-renewal kept with a purchase, as an admin sees it. */
const purchaseConsentSchema = z.object({
  paymentId: z.string(),
  planId: z.string(),
  text: z.string(),
  version: z.string(),
  ip: z.string(),
  agreedAt: z.iso.datetime({ offset: true }),
});

/** GET /api/admin/users/{id}/membership: the member's cancellation, scheduled plan change and consents. */
export const adminMembershipSchema = z.object({ terms: membershipTermsSchema, consents: z.array(purchaseConsentSchema) });
export type AdminMembership = z.infer<typeof adminMembershipSchema>;
