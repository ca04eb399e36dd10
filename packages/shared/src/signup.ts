import { z } from './zod';
import { NAME_MAX, SYMPTOMS_MAX, ZIP_MAX, emailSchema, requiredText } from './auth';
import { newPasswordSchema } from './new-password';
import { birthDateProblem, latestAdultBirthDate } from './dates';
import { messages } from './messages';
import { billingAddressRequestSchema } from './payment';
import { phoneSchema } from './phone';
import { planIdSchema } from './plans';

export const CUSTOMER_ID_PATTERN = /^CONS-[A-Z0-9]{8}$/;

const dobSchema = z
  .string({ error: messages.dobRequired })
  .trim()
  .min(1, { error: messages.dobRequired })
  .superRefine((value, ctx) => {
    const problem = birthDateProblem(value) ?? (value > latestAdultBirthDate() ? messages.dobTooYoung : null);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The fields a person fills in on /consult, each with its rule and message. */
export const signupFields = {
  firstName: requiredText(NAME_MAX),
  lastName: requiredText(NAME_MAX),
  email: emailSchema(),
  customerPhone: phoneSchema,
  password: newPasswordSchema,
  dob: dobSchema,
  zip: z
    .string({ error: messages.zipRequired })
    .trim()
    .min(1, { error: messages.zipRequired })
    .max(ZIP_MAX, { error: messages.zipTooLong }),
  symptoms: z
    .string()
    .trim()
    .max(SYMPTOMS_MAX, { error: messages.tooLong(SYMPTOMS_MAX) })
    .optional(),
  subscriptionPlan: planIdSchema(messages.planRequired),
  smsPolicyAccepted: z.literal(true, { error: messages.smsTerms }),
};

export const signupFormSchema = z
  .object({ ...signupFields, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { error: messages.passwordsDoNotMatch, path: ['confirmPassword'] });

/**
 * POST /api/users/register. The client also sends what the old site sent (its own IP and geo guess,
 * price, status, local time); the server accepts those names but trusts none of them.
 */
export const registrationSchema = z.strictObject({
  ...signupFields,
  customerId: z.string().regex(CUSTOMER_ID_PATTERN).optional(),
  recaptchaToken: z.string().max(10_000).optional(),
  subscriptionStatus: z.string().max(50).optional(),
  subscriptionAmount: z.union([z.number(), z.string().max(20)]).optional(),
  customerIp: z.string().max(64).optional(),
  customerState: z.string().max(100).optional(),
  customerCountry: z.string().max(100).optional(),
  submittedAt: z.string().max(64).optional(),
});
export type RegistrationRequest = z.input<typeof registrationSchema>;

const CUSTOMER_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export function generateCustomerId(random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))) {
  return `CONS-${Array.from(random(8), (b) => CUSTOMER_ID_ALPHABET[b % CUSTOMER_ID_ALPHABET.length]).join('')}`;
}

/**
 * PUT /api/users/me: the details a member corrects themselves, by the sign-up rules, and a billing
 * address by the checkout's (null: none).
 */
export const ownDetailsSchema = z.strictObject({
  firstName: signupFields.firstName,
  lastName: signupFields.lastName,
  customerPhone: signupFields.customerPhone,
  zip: signupFields.zip,
  billingAddress: billingAddressRequestSchema.nullable(),
});
export type OwnDetailsUpdate = z.output<typeof ownDetailsSchema>;
