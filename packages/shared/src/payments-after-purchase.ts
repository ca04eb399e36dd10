import { z } from './zod';
import { strictDecimal } from './decimal';
import { messages } from './messages';

/** The most an admin's refund reason holds. */
export const REFUND_REASON_MAX = 500;

/** POST /api/admin/users/{id}/payments/{paymentId}/refunds: an amount in dollars (to the cent) and why. */
export const refundRequestSchema = z.strictObject({
  amount: strictDecimal({ places: 2, min: 0.01, max: 100_000, message: messages.refundAmountInvalid }).pipe(
    z.number({ error: messages.refundAmountInvalid }),
  ),
  reason: z
    .string({ error: messages.refundReasonRequired })
    .trim()
    .min(1, { error: messages.refundReasonRequired })
    .max(REFUND_REASON_MAX, { error: messages.tooLong(REFUND_REASON_MAX) }),
});
export type RefundRequest = z.output<typeof refundRequestSchema>;

/** One payment as an admin sees it to refund it: what was paid, and what is left to give back (dollars). */
const adminPaymentSchema = z.object({
  id: z.string(),
  date: z.string(),
  planName: z.string(),
  kind: z.string(),
  status: z.string(),
  amount: z.number(),
  refundable: z.number(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
});
export type AdminPayment = z.output<typeof adminPaymentSchema>;
export const adminPaymentsAnswerSchema = z.array(adminPaymentSchema);

export const refundAnswerSchema = z.object({ message: z.string(), payment: adminPaymentSchema });

/** PUT /api/users/me/card: the card renewals use from now on, and what became of a past-due renewal tried on it. */
export const cardUpdateAnswerSchema = z.object({
  message: z.string(),
  /** The membership's status after the update: `active` when a past-due renewal went through. */
  subscriptionStatus: z.string().nullable(),
  card: z.object({ brand: z.string().nullable(), last4: z.string() }),
});
export type CardUpdateAnswer = z.output<typeof cardUpdateAnswerSchema>;
