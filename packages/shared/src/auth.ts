import { z } from './zod';
import { messages } from './messages';

/** Practical e-mail pattern: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const ZIP_MAX = 10;
export const SYMPTOMS_MAX = 2000;
export const MIN_AGE_YEARS = 18;
export const FAILED_LOGIN_HINT_THRESHOLD = 5;

/** Each password rule, in the order the live checklist shows them. */
export const passwordRules = [
  { id: 'length', label: 'At least 8 characters', test: (v: string) => v.length >= PASSWORD_MIN },
  { id: 'upper', label: 'An uppercase letter', test: (v: string) => /[A-Z]/.test(v) },
  { id: 'lower', label: 'A lowercase letter', test: (v: string) => /[a-z]/.test(v) },
  { id: 'digit', label: 'A number', test: (v: string) => /\d/.test(v) },
  { id: 'special', label: 'A special character', test: (v: string) => /[^A-Za-z0-9]/.test(v) },
] as const;

export const isStrongPassword = (value: string) => passwordRules.every((rule) => rule.test(value));

export const emailSchema = (message: string = messages.email) =>
  z
    .string({ error: message })
    .trim()
    .max(EMAIL_MAX, { error: messages.tooLong(EMAIL_MAX) })
    .regex(EMAIL_PATTERN, { error: message })
    .transform((v) => v.toLowerCase());

export const newPasswordSchema = z
  .string({ error: messages.password })
  .max(PASSWORD_MAX, { error: messages.passwordTooLong })
  .refine(isStrongPassword, { error: messages.password });

const requiredText = (max: number, message: string = messages.required) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: messages.tooLong(max) });

export const loginSchema = z.strictObject({
  email: z
    .string({ error: messages.loginBothRequired })
    .trim()
    .min(1, { error: messages.loginBothRequired })
    .max(EMAIL_MAX, { error: messages.tooLong(EMAIL_MAX) })
    .regex(EMAIL_PATTERN, { error: messages.loginEmail })
    .transform((v) => v.toLowerCase()),
  password: z
    .string({ error: messages.loginBothRequired })
    .min(1, { error: messages.loginBothRequired })
    .max(PASSWORD_MAX, { error: messages.passwordTooLong })
    .refine((v) => v.trim().length > 0, { error: messages.loginBothRequired }),
  recaptchaToken: z.string().max(10_000).optional(),
  rememberMe: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.strictObject({
  email: z
    .string({ error: messages.forgotEmpty })
    .trim()
    .min(1, { error: messages.forgotEmpty })
    .max(EMAIL_MAX, { error: messages.tooLong(EMAIL_MAX) })
    .regex(EMAIL_PATTERN, { error: messages.forgotInvalid })
    .transform((v) => v.toLowerCase()),
});

/** Asks for a new verification link; the answer never tells whether the e-mail has an account. */
export const resendVerificationSchema = z.strictObject({ email: emailSchema() });

const tokenSchema = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(512, { error: message });

export const resetPasswordSchema = z.strictObject({
  token: tokenSchema(messages.resetTokenRequired),
  newPassword: newPasswordSchema,
});

/** The reset and password-update forms also ask for a confirmation. */
export const withConfirmation = <T extends z.ZodObject<{ newPassword: typeof newPasswordSchema }>>(schema: T) =>
  schema.extend({ confirmPassword: z.string() }).refine((v) => v.newPassword === v.confirmPassword, {
    error: messages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

export const changePasswordSchema = z.strictObject({
  currentPassword: z
    .string({ error: messages.currentPasswordRequired })
    .min(1, { error: messages.currentPasswordRequired })
    .max(PASSWORD_MAX, { error: messages.passwordTooLong }),
  newPassword: newPasswordSchema,
});

export const verifyEmailSchema = z.strictObject({ token: tokenSchema(messages.verifyMissingToken) });
export const adminLoginVerifySchema = z.strictObject({ token: tokenSchema(messages.magicLinkInvalid) });

export { requiredText };
