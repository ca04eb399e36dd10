import { z } from './zod';
import { emailSchema, NAME_MAX, requiredText, tokenSchema } from './auth';
import { messages } from './messages';
import { newPasswordSchema } from './new-password';
import { US_STATE_CODES } from './us-states';

/** The role of a licensed clinician: works the visit queue at /clinic, signs in like an admin. */
export const CLINICIAN_ROLE = 'ROLE_CLINICIAN';
export const isClinicianRole = (role: string) => role === CLINICIAN_ROLE;

/** The licences a clinician may hold: physicians (MD, DO), nurse practitioners and physician assistants. */
export const CLINICIAN_CREDENTIALS = ['MD', 'DO', 'NP', 'PA'] as const;
export type ClinicianCredential = (typeof CLINICIAN_CREDENTIALS)[number];

/**
 * Whether ten digits form a National Provider Identifier: its last digit is the Luhn check digit of the
 * first nine, computed with the card-issuer prefix 80840 in front (CMS, NPI check digit).
 */
export function isNpi(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  const digits = `80840${value}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The NPI whose first nine digits are these: they followed by the one check digit that completes them. */
export function completeNpi(firstNine: string): string {
  for (let digit = 0; digit <= 9; digit++) if (isNpi(`${firstNine}${digit}`)) return `${firstNine}${digit}`;
  throw new Error('an NPI starts with nine digits');
}

const npiSchema = z.string({ error: messages.npi }).trim().refine(isNpi, { error: messages.npi });

const clinicianCredentialsSchema = z.enum(CLINICIAN_CREDENTIALS, { error: messages.clinicianCredentials });

/** The states a clinician is licensed in: one or more US states (or DC); the server keeps each once. */
const clinicianStatesSchema = z
  .array(z.enum(US_STATE_CODES, { error: messages.clinicianStateUnknown }), { error: messages.clinicianStatesRequired })
  .min(1, { error: messages.clinicianStatesRequired })
  .max(US_STATE_CODES.length, { error: messages.clinicianStateUnknown });

/** What an admin can change of a clinician's licence: the credentials and the states. */
export const clinicianUpdateSchema = z.strictObject({
  credentials: clinicianCredentialsSchema,
  states: clinicianStatesSchema,
});
export type ClinicianUpdate = z.output<typeof clinicianUpdateSchema>;

/** An admin's invitation: who the clinician is, and the licence they practise under. */
export const clinicianInviteSchema = z.strictObject({
  firstName: requiredText(NAME_MAX),
  lastName: requiredText(NAME_MAX),
  email: emailSchema(messages.email, messages.required),
  npi: npiSchema,
  ...clinicianUpdateSchema.shape,
});
export type ClinicianInviteInput = z.input<typeof clinicianInviteSchema>;
export type ClinicianInvite = z.output<typeof clinicianInviteSchema>;

/** The invitation's link, spent to choose the password the clinician signs in with. */
export const clinicianInvitationAcceptSchema = z.strictObject({
  token: tokenSchema(messages.clinicianInvitationInvalid),
  newPassword: newPasswordSchema,
});

/** A clinician as the admin dashboard lists them. */
const adminClinicianSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  credentials: z.enum(CLINICIAN_CREDENTIALS),
  npi: z.string(),
  states: z.array(z.string()),
  onDuty: z.boolean(),
  /** When an admin turned the clinician's access off; null while active. */
  disabledAt: z.string().nullable(),
});
export type AdminClinician = z.infer<typeof adminClinicianSchema>;
export const adminClinicianListSchema = z.object({ clinicians: z.array(adminClinicianSchema) });
export const adminClinicianAnswerSchema = z.object({ clinician: adminClinicianSchema, message: z.string() });

/** The signed-in clinician's own details and duty, for the clinic page. */
export const clinicianSelfSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  credentials: z.enum(CLINICIAN_CREDENTIALS),
  npi: z.string(),
  states: z.array(z.string()),
  onDuty: z.boolean(),
});
export type ClinicianSelf = z.infer<typeof clinicianSelfSchema>;

/** "Dr. Grace Hopper, MD": physicians are doctors; nurse practitioners and physician assistants go by their name. */
export const clinicianName = ({
  firstName,
  lastName,
  credentials,
}: {
  firstName: string;
  lastName: string;
  credentials: ClinicianCredential;
}) => `${credentials === 'MD' || credentials === 'DO' ? 'Dr. ' : ''}${firstName} ${lastName}, ${credentials}`;
