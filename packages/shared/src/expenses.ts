import { z } from './zod';
import { businessDaySchema, omittedWhenEmpty, pageParams, pageSchema, timestampSchema } from './admin';
import { EMAIL_MAX } from './auth';
import { BUSINESS_YEARS, isBusinessYear } from './dates';
import { strictDecimal } from './decimal';
import { messages } from './messages';
import { CURRENCIES, type Currency } from './money';

/** A sane ceiling for one expense, in its own currency (ten million). */
const EXPENSE_MAX_AMOUNT = 10_000_000;
const EXPENSE_TITLE_MAX = 200;
const EXPENSE_DESCRIPTION_MAX = 2000;

/** Receipts are PDF, JPEG or PNG of at most 10 MB (decision 020; security checklist row 30). */
export const RECEIPT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type ReceiptContentType = (typeof RECEIPT_CONTENT_TYPES)[number];
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
const RECEIPT_FILE_NAME_MAX = 255;
/** The file picker's filter (docs/product.md, Validation). */
export const RECEIPT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** The exchange rate is kept to 4 decimals: rupees per dollar × 10,000. */
const RATE_PLACES = 4;
export const RATE_SCALE = 10 ** RATE_PLACES;
/**
 * A plausible rate of rupees per dollar: it has stayed between 40 and 100 for decades, and the range
 * leaves room while refusing a slipped decimal point (0.0001 would make ₹10,000,000 into $100 billion).
 */
export const EXCHANGE_RATE_RANGE = { min: 10, max: 1000 } as const;

/**
 * Converts minor units (cents, paise) between USD and INR at a rate of `rateE4` / 10,000 rupees
 * per dollar, rounding half away from zero. BigInt keeps 10 million rupees × a 4-decimal rate exact.
 */
export function convertMinorUnits(amount: number, from: Currency, to: Currency, rateE4: number): number {
  if (from === to) return amount;
  const [numerator, denominator] =
    from === 'USD' ? [BigInt(amount) * BigInt(rateE4), BigInt(RATE_SCALE)] : [BigInt(amount) * BigInt(RATE_SCALE), BigInt(rateE4)];
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

/** A stored attachment as the API shows it (docs/product.md, Data). */
const attachmentFields = {
  fileUrl: z.string().nullable(),
  fileName: z.string().nullable(),
  fileContentType: z.string().nullable(),
  fileSize: z.number().int().nullable(),
};

/** An expense (docs/product.md, Data); amounts in currency units to the cent (paisa), the rate it was saved with. */
export const expenseSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  originalCurrency: z.enum(CURRENCIES),
  originalAmount: z.number(),
  amountUsd: z.number(),
  amountInr: z.number(),
  /** Rupees per dollar used when this expense was last saved. */
  exchangeRate: z.number(),
  spentAt: timestampSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  createdBy: z.string(),
  ...attachmentFields,
  /** A short-lived address that downloads the attachment (decision 020); null without one. */
  downloadUrl: z.string().nullable(),
});
export type Expense = z.infer<typeof expenseSchema>;

const totalsSchema = z.object({ usd: z.number(), inr: z.number() });
/** GET /api/admin/expenses: a page plus the totals of every expense the filter matches. */
export const expensePageSchema = pageSchema(expenseSchema).extend({ totals: totalsSchema });
export type ExpensePage = z.infer<typeof expensePageSchema>;

const currencyInput = z
  .string({ error: messages.currencyInvalid })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(CURRENCIES, { error: messages.currencyInvalid }));

/** GET /api/admin/expenses: startDate and endDate are America/Chicago days, both included. */
export const expenseListQuerySchema = z
  .strictObject({
    ...pageParams,
    startDate: omittedWhenEmpty(businessDaySchema.optional()),
    endDate: omittedWhenEmpty(businessDaySchema.optional()),
    currency: omittedWhenEmpty(currencyInput.optional()),
    createdBy: omittedWhenEmpty(
      z
        .string()
        .trim()
        .max(EMAIL_MAX)
        .transform((v) => v.toLowerCase())
        .optional(),
    ),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, { error: messages.expenseDateRangeInvalid, path: ['endDate'] });
export type ExpenseListQuery = z.infer<typeof expenseListQuerySchema>;
/** The filters alone, for the CSV export of the whole filtered result. */
export const expenseExportQuerySchema = expenseListQuerySchema.transform(({ page: _page, size: _size, ...filter }) => filter);
export type ExpenseFilter = Omit<ExpenseListQuery, 'page' | 'size'>;

/** docs/product.md, Validation: trimmed text; a missing or null one is ''. */
const trimmedText = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v ?? '').trim())
    .refine((v) => v.length <= max, { error: messages.tooLong(max) });

/** An amount with at most 2 decimals, 0 to the ceiling; none is 0. */
const expenseAmountSchema = strictDecimal({ places: 2, min: 0, max: EXPENSE_MAX_AMOUNT, message: messages.expenseAmountInvalid }).transform(
  (v) => v ?? 0,
);

/** spentAt as the API shows it ({seconds, nanos}) or as ISO 8601 text, in BUSINESS_YEARS. */
const spentAtSchema = z
  .union([timestampSchema, z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined) return undefined;
    const date = typeof v === 'string' ? new Date(v.trim()) : new Date(v.seconds * 1000 + Math.floor(v.nanos / 1_000_000));
    if (Number.isNaN(date.getTime()) || !isBusinessYear(date.getUTCFullYear())) {
      ctx.addIssue({ code: 'custom', message: messages.spentAtInvalid });
      return z.NEVER;
    }
    return date;
  });

const receiptContentType = z.enum(RECEIPT_CONTENT_TYPES, { error: messages.receiptTypeInvalid });
const receiptSize = z
  .number({ error: messages.receiptTooLarge })
  .int({ error: messages.receiptTooLarge })
  .min(1, { error: messages.receiptEmpty })
  .max(RECEIPT_MAX_BYTES, { error: messages.receiptTooLarge });
/** Kept for display only: the storage key never comes from it (docs/product.md, Validation: 'upload' by default). */
const receiptFileName = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v ?? '').trim().slice(0, RECEIPT_FILE_NAME_MAX) || 'upload');

/** Output-only fields a client may send back unchanged: accepted and ignored. */
const readOnly = z
  .unknown()
  .optional()
  .transform(() => undefined);

/**
 * PUT /api/admin/expenses/{id}, normalised as docs/product.md (Validation) says, parsed by the form and the route alike.
 * No field is required; createdBy is the signed-in admin's, whatever the body says. The file
 * fields come together or not at all: without them, a saved attachment is cleared.
 */
export const expenseUpdateSchema = z
  .strictObject({
    id: readOnly,
    title: trimmedText(EXPENSE_TITLE_MAX),
    description: trimmedText(EXPENSE_DESCRIPTION_MAX),
    originalCurrency: currencyInput.nullish().transform((v) => v ?? 'USD'),
    originalAmount: expenseAmountSchema,
    spentAt: spentAtSchema,
    createdBy: readOnly,
    createdAt: readOnly,
    updatedAt: readOnly,
    amountUsd: readOnly,
    amountInr: readOnly,
    exchangeRate: readOnly,
    downloadUrl: readOnly,
    fileUrl: z.string().trim().max(500).nullable().optional(),
    fileName: receiptFileName,
    fileContentType: z.union([receiptContentType, z.null()]).optional(),
    fileSize: z.union([receiptSize, z.null()]).optional(),
  })
  .transform(({ fileUrl, fileName, fileContentType, fileSize, ...fields }) => ({
    ...fields,
    file: fileUrl ? { fileUrl, fileName, contentType: fileContentType ?? null, size: fileSize ?? null } : null,
  }));
export type ExpenseUpdateInput = z.input<typeof expenseUpdateSchema>;
export type ExpenseUpdate = z.output<typeof expenseUpdateSchema>;

/** POST /api/admin/expenses/upload-initiate; expenseId scopes the storage key (decision 020). */
export const uploadInitiateSchema = z.strictObject({
  expenseId: z.uuid({ error: messages.missingExpenseId }),
  fileName: receiptFileName,
  contentType: receiptContentType,
  size: receiptSize,
});
export type UploadInitiate = z.infer<typeof uploadInitiateSchema>;
export const uploadTicketSchema = z.object({
  uploadUrl: z.string(),
  fileUrl: z.string(),
  headers: z.record(z.string(), z.string()),
  expiresAt: z.string(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

/** POST /api/admin/expenses/{id}/attach. */
export const attachSchema = z.strictObject({
  fileUrl: z.string().trim().min(1).max(500),
  fileName: receiptFileName,
  contentType: receiptContentType,
  size: receiptSize,
});
export type AttachInput = z.input<typeof attachSchema>;

/** The INR-per-USD rate new saves use (decision 020), with who set it and since when. */
export const exchangeRateSchema = z.object({ inrPerUsd: z.number(), effectiveFrom: z.string().nullable(), setBy: z.string().nullable() });
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;
export const exchangeRateUpdateSchema = z.strictObject({
  // Required: a blank rate is refused.
  inrPerUsd: strictDecimal({ places: RATE_PLACES, ...EXCHANGE_RATE_RANGE, message: messages.exchangeRateInvalid }).pipe(
    z.number({ error: messages.exchangeRateInvalid }),
  ),
});

/** GET /api/admin/analytics/profit: months from..to (YYYY-MM) in BUSINESS_YEARS, both included, at most 3 years (as the series). */
const isoMonth = z.string().refine((v) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v) && isBusinessYear(Number(v.slice(0, 4))), {
  error: messages.monthInvalid(BUSINESS_YEARS.first, BUSINESS_YEARS.last),
});
const PROFIT_MAX_MONTHS = 36;
export const profitQuerySchema = z
  .strictObject({ from: isoMonth, to: isoMonth })
  .refine((q) => q.from <= q.to && monthsBetween(q.from, q.to) < PROFIT_MAX_MONTHS, { error: messages.profitRangeInvalid, path: ['to'] });
function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm);
}
const profitMonthSchema = z.object({
  month: z.string(),
  /** Monthly recurring revenue at the end of the month, in dollars. */
  revenueMonthly: z.number(),
  cashCollected: z.number(),
  expensesUsd: z.number(),
  /** Cash collected less expenses. */
  net: z.number(),
  /** The month is still running: its figures will grow. */
  partial: z.boolean(),
});
export type ProfitMonth = z.infer<typeof profitMonthSchema>;
export const profitSchema = z.object({ months: z.array(profitMonthSchema) });
export type Profit = z.infer<typeof profitSchema>;
