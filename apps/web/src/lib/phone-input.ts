import { formatPhone, phoneDigits } from '@app/shared';

/**
 * The phone digits after an edit of the formatted field. Deleting a bracket, space or dash deletes
 * the digit before it instead of doing nothing (the formatting would put the character straight back).
 */
export function nextPhoneDigits(raw: string, previous: string): string {
  const digits = phoneDigits(raw);
  return digits === previous && raw.length < formatPhone(previous).length ? previous.slice(0, -1) : digits;
}
