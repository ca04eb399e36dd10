import { z } from './zod';
import { messages } from './messages';

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

export const npiSchema = z.string({ error: messages.npi }).trim().refine(isNpi, { error: messages.npi });
