import { z } from './zod';
import type { LoginResponse } from './api';
import { PLAN_IDS, type Plan } from './plan-ids';
import { userProfileSchema } from './profile';
import { VISIT_SERVICES } from './visits';

/*
 * The JSON of the API's successful answers, for the routes' response schemas: Fastify serialises each
 * with a compiled function, and a field not listed here never leaves the server. Kept apart from
 * api.ts, like profile.ts, so the public pages' scripts need no zod.
 */

/** `{message}`: what most writes answer. */
export const messageAnswerSchema = z.object({ message: z.string() });

export const planSchema: z.ZodType<Plan> = z.object({
  id: z.enum(PLAN_IDS),
  title: z.string(),
  priceCents: z.number().int(),
  oldPriceCents: z.number().int(),
  offer: z.string(),
  period: z.enum(['month', 'visit']),
  description: z.string(),
  features: z.array(z.string()),
});

/** POST /api/auth/login: signed in, or a magic link sent to an administrator. */
export const loginAnswerSchema: z.ZodType<LoginResponse> = z.object({
  status: z.enum(['ok', 'unverified', 'magic_link_sent']),
  verified: z.boolean(),
  message: z.string(),
  token: z.string().optional(),
  user: userProfileSchema.optional(),
  notVerifiedMessage: z.string().optional(),
});

/** POST /api/auth/verify-admin-login: the administrator's new session. */
export const sessionAnswerSchema = z.object({ message: z.string(), token: z.string(), user: userProfileSchema });

/** POST /api/users/register: the same answer for every e-mail (decision 014). */
export const registrationAnswerSchema = z.object({ message: z.string(), firstName: z.string(), email: z.string(), fullName: z.string() });

/** PUT /api/users/{id}/planUpdate and POST /api/auth/choose-plan. */
export const planChoiceAnswerSchema = z.object({
  message: z.string(),
  subscriptionPlan: z.string().nullable(),
  subscriptionAmount: z.number().nullable().optional(),
  /** The choice was noted, and signing in makes it the account's. */
  requiresSignIn: z.literal(true).optional(),
});

/** PUT /api/users/{id}/subscription, paid. */
export const checkoutAnswerSchema = z.object({ message: z.string(), statusMessage: z.string(), user: userProfileSchema });
/** The same, declined by the card's bank (402). */
export const declinedAnswerSchema = z.object({ message: z.string(), code: z.string() });

/** GET /api/users/me/unused-visits: the services of the visits the signed-in person paid for and no visit holds yet. */
export const unusedVisitsAnswerSchema = z.object({ services: z.array(z.enum(VISIT_SERVICES)) });
export type UnusedVisitsAnswer = z.infer<typeof unusedVisitsAnswerSchema>;

/** GET /api/users/me/payments: the patient's ledger, newest first. */
export const paymentsAnswerSchema = z.array(
  z.object({
    id: z.string(),
    date: z.string(),
    planId: z.string(),
    planName: z.string(),
    kind: z.string(),
    amount: z.number(),
    currency: z.string(),
    cardBrand: z.string().nullable(),
    cardLast4: z.string().nullable(),
    status: z.string(),
    failureCode: z.string().nullable(),
  }),
);
