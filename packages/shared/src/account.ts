import { emailSchema, tokenSchema, typedPassword } from './auth';
import { messages } from './messages';
import { z } from './zod';

/** A member's change of e-mail: the new address and, as for a password change, the current password. */
export const changeEmailSchema = z.strictObject({
  newEmail: emailSchema(),
  currentPassword: typedPassword(messages.currentPasswordRequired),
});
export type ChangeEmailRequest = z.infer<typeof changeEmailSchema>;

/** The new address's link, pressed: its token. */
export const confirmEmailChangeSchema = z.strictObject({ token: tokenSchema(messages.emailChangeTokenMissing) });

/** Deleting the account needs the current password. */
export const deleteAccountSchema = z.strictObject({
  currentPassword: typedPassword(messages.currentPasswordRequired),
});

/** The member's latest data download: none asked for, being prepared, or ready until it expires. */
export const dataExportStatusSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('none') }),
  z.object({ status: z.literal('preparing'), requestedAt: z.string() }),
  z.object({ status: z.literal('ready'), requestedAt: z.string(), expiresAt: z.string() }),
]);
export type DataExportStatus = z.infer<typeof dataExportStatusSchema>;

/** The signed parts of a download link, as the mailed address carries them. */
export const dataExportLinkSchema = z.strictObject({
  id: z.uuid({ error: messages.dataExportLinkInvalid }),
  expires: z.coerce.number({ error: messages.dataExportLinkInvalid }).int({ error: messages.dataExportLinkInvalid }),
  sig: z.string({ error: messages.dataExportLinkInvalid }).min(1, { error: messages.dataExportLinkInvalid }).max(200),
});
export type DataExportLink = z.infer<typeof dataExportLinkSchema>;

/** An admin's read of a deleted account's kept records says why. */
export const keptRecordRequestSchema = z.strictObject({
  reason: z
    .string({ error: messages.keptRecordReasonRequired })
    .trim()
    .min(1, { error: messages.keptRecordReasonRequired })
    .max(500, { error: messages.tooLong(500) }),
});
