import { z } from './zod';
import { messages } from './messages';

/**
 * Practical e-mail pattern: something@something.tld, no spaces; the domain's first dot after its first
 * character has at least two characters after it. Each repeated part stops at a character the part
 * after it cannot take, so a match never backtracks into it: time linear in the length.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]{2,}$/;
export const EMAIL_MAX = 254;
const PASSWORD_MIN = 8;
/** Generous, so long passphrases fit; only bounds the hashing work a request can ask for. */
export const PASSWORD_MAX = 256;
export const NAME_MAX = 100;
export const ZIP_MAX = 10;
export const SYMPTOMS_MAX = 2000;
export const MIN_AGE_YEARS = 18;
export const FAILED_LOGIN_HINT_THRESHOLD = 5;

/** Characters as a person counts them (code points), so an emoji or an accented letter counts once. */
export const passwordLength = (value: string) => Array.from(value).length;

/**
 * Each password rule, in the order the live checklist shows them. Any script counts: a letter with
 * case (É, Ж) is an uppercase or lowercase letter, and a special is anything neither letter nor digit.
 */
export const passwordRules = [
  { id: 'length', label: 'At least 8 characters', test: (v: string) => passwordLength(v) >= PASSWORD_MIN },
  { id: 'upper', label: 'An uppercase letter', test: (v: string) => /\p{Lu}/u.test(v) },
  { id: 'lower', label: 'A lowercase letter', test: (v: string) => /\p{Ll}/u.test(v) },
  { id: 'digit', label: 'A number', test: (v: string) => /\p{Nd}/u.test(v) },
  { id: 'special', label: 'A special character', test: (v: string) => /[^\p{L}\p{Nd}]/u.test(v) },
] as const;

export const isStrongPassword = (value: string) => passwordRules.every((rule) => rule.test(value));

/**
 * An e-mail as typed, trimmed: `missing` when empty (if given), then at most EMAIL_MAX characters,
 * then the pattern. Over-long text stops at the length check, so the pattern never reads more.
 */
export const emailText = (invalid: string, missing?: string) => {
  const text = z.string({ error: missing ?? invalid }).trim();
  return (missing === undefined ? text : text.min(1, { error: missing }))
    .max(EMAIL_MAX, { error: messages.tooLong(EMAIL_MAX), abort: true })
    .regex(EMAIL_PATTERN, { error: invalid });
};

/** An e-mail that names an account (see emailText): stored and compared lower-cased. */
export const emailSchema = (message: string = messages.email, missing?: string) =>
  emailText(message, missing).transform((v) => v.toLowerCase());

/** A password as typed at sign-in or as the current one: never trimmed, only bounded. */
const typedPassword = (message: string) =>
  z
    .string({ error: message })
    .min(1, { error: message })
    .refine((v) => passwordLength(v) <= PASSWORD_MAX, { error: messages.passwordTooLong, abort: true });

const requiredText = (max: number, message: string = messages.required) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: messages.tooLong(max) });

export const loginSchema = z.strictObject({
  email: emailSchema(messages.loginEmail, messages.loginBothRequired),
  password: typedPassword(messages.loginBothRequired).refine((v) => v.trim().length > 0, { error: messages.loginBothRequired }),
  recaptchaToken: z.string().max(10_000).optional(),
  rememberMe: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.strictObject({
  email: emailSchema(messages.forgotInvalid, messages.forgotEmpty),
});

/** Asks for a new verification link; the answer never tells whether the e-mail has an account. */
export const resendVerificationSchema = z.strictObject({ email: emailSchema() });

export const tokenSchema = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(512, { error: message });

export const verifyEmailSchema = z.strictObject({ token: tokenSchema(messages.verifyMissingToken) });
export const adminLoginVerifySchema = z.strictObject({ token: tokenSchema(messages.magicLinkInvalid) });

export { requiredText, typedPassword };
