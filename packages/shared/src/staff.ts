import { z } from './zod';
import { emailSchema, NAME_MAX, requiredText, tokenSchema } from './auth';
import { messages } from './messages';
import { newPasswordSchema } from './new-password';

const REASON_MAX = 500;

/** Disabling or re-enabling an account: always with a reason, kept sealed in the audit trail. */
export const accessChangeSchema = z.strictObject({
  reason: z
    .string({ error: messages.accessReasonRequired })
    .trim()
    .min(1, { error: messages.accessReasonRequired })
    .max(REASON_MAX, { error: messages.tooLong(REASON_MAX) }),
});
export type AccessChange = z.infer<typeof accessChangeSchema>;

/** An account's access as the console shows it after a change: disabled since when, or null. */
export const accessAnswerSchema = z.object({ id: z.string(), disabledAt: z.string().nullable(), message: z.string() });

/** An admin of the console, as the Settings page lists them. */
const staffAdminSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  disabledAt: z.string().nullable(),
});
export type StaffAdmin = z.infer<typeof staffAdminSchema>;
export const staffAdminListSchema = z.object({ admins: z.array(staffAdminSchema) });

/** An admin's invitation of another admin: who they are; they choose their password from the link. */
export const adminInviteSchema = z.strictObject({
  firstName: requiredText(NAME_MAX),
  lastName: requiredText(NAME_MAX),
  email: emailSchema(messages.email, messages.required),
});
export type AdminInviteInput = z.input<typeof adminInviteSchema>;

/** The invitation's link, spent to choose the password the new admin signs in with (the site's password rules). */
export const adminInvitationAcceptSchema = z.strictObject({
  token: tokenSchema(messages.clinicianInvitationInvalid),
  newPassword: newPasswordSchema,
});
