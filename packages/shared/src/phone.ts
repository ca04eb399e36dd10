import { z } from './zod';
import { messages } from './messages';

const PHONE_DIGITS = 10;

/** Keeps the digits a person typed, at most ten, as the phone field does on every keystroke. */
export const phoneDigits = (value: string) => value.replace(/\D/g, '').slice(0, PHONE_DIGITS);

/** Shows ten digits as (000) 000-0000, and a partial number as far as it goes. */
export function formatPhone(value: string): string {
  const d = phoneDigits(value);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

export const phoneSchema = z
  .string({ error: messages.phone })
  .transform((v) => v.replace(/\D/g, ''))
  .refine((v) => v.length === PHONE_DIGITS, { error: messages.phone });
