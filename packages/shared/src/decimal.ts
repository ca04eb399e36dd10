import { z } from './zod';

interface DecimalRule {
  /** The most digits after the point. */
  places: number;
  min: number;
  max: number;
  /** The one message for anything that is not such a decimal. */
  message: string;
}

/**
 * A decimal an admin types or a client sends, for the form and the route alike: a JSON number, or
 * text of digits with at most `places` of them after a point ('12', '12.5'; spaces around it are
 * trimmed), from `min` to `max`. A number counts as the shortest text that gives it back, so it
 * follows the same rule. Anything else is refused, never coerced: true, '0x10', '1e3', '-1', '.5',
 * 'Infinity'. Blank input (missing, null, or only spaces) is null.
 */
export function strictDecimal({ places, min, max, message }: DecimalRule) {
  const decimal = new RegExp(`^\\d+(\\.\\d{1,${places}})?$`);
  return z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || (typeof value === 'string' && !value.trim())) return null;
      const text = typeof value === 'number' ? String(value) : value.trim();
      const amount = decimal.test(text) ? Number(text) : NaN;
      if (amount >= min && amount <= max) return amount;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });
}
