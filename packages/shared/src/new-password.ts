import { commonPasswordList } from './common-passwords';
import { PASSWORD_MAX, isStrongPassword, passwordLength, tokenSchema, typedPassword } from './auth';
import { messages } from './messages';
import { z } from './zod';

/**
 * What is left of a password once lower-cased and stripped of the digits and symbols people tack
 * on the end to satisfy a character-class rule: "Password1234!" → "password".
 */
export const passwordBase = (value: string) => value.toLowerCase().replace(/[^\p{L}]+$/u, '');

let commonBases: Set<string> | undefined;

/** Whether a password is one of the 3,000 most common, in any case, with or without a tail of digits and symbols. */
export function isCommonPassword(value: string): boolean {
  commonBases ??= new Set(commonPasswordList.split('\n').map(passwordBase).filter(Boolean));
  const base = passwordBase(value);
  return base !== '' && commonBases.has(base);
}

/**
 * A password being chosen (sign-up, reset, change). It lives apart from the other auth schemas, with
 * the blocklist, so that only the pages with a new-password field load the list.
 */
export const newPasswordSchema = z
  .string({ error: messages.password })
  .refine((v) => passwordLength(v) <= PASSWORD_MAX, { error: messages.passwordTooLong, abort: true })
  .refine(isStrongPassword, { error: messages.password, abort: true })
  .refine((v) => !isCommonPassword(v), { error: messages.passwordTooCommon });

/** What is wrong with a password being chosen, for its field as the person types; null when nothing. */
export const newPasswordError = (value: string) => newPasswordSchema.safeParse(value).error?.issues[0]?.message ?? null;

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
  currentPassword: typedPassword(messages.currentPasswordRequired),
  newPassword: newPasswordSchema,
});
