import {
  centralDay,
  centralMidnight,
  expenseUpdateSchema,
  fromTimestamp,
  toIsoDate,
  type Expense,
  type Currency,
  type ExpenseUpdate,
  type ExpenseUpdateInput,
  type ReceiptContentType,
} from '@app/shared';

/** A receipt as the card holds it: the saved one, or one uploaded and not saved yet. */
export interface ExpenseFile {
  fileUrl: string;
  fileName: string;
  fileContentType: string;
  fileSize: number;
}

/** The editable fields of an expense as the card's controls hold them. */
export interface ExpenseFormValues {
  title: string;
  description: string;
  originalCurrency: Currency;
  /** As typed; the shared schema decides whether it is an amount. */
  originalAmount: string;
  /** YYYY-MM-DD: the day as typed, kept as the business's calendar day (centralMidnight). */
  spentDate: string;
  file: ExpenseFile | null;
}

export type ExpenseFormField = Exclude<keyof ExpenseFormValues, 'file'>;
export const EXPENSE_FORM_FIELDS: readonly ExpenseFormField[] = ['title', 'description', 'originalCurrency', 'originalAmount', 'spentDate'];

const fileOf = (expense: Expense): ExpenseFile | null =>
  expense.fileUrl
    ? {
        fileUrl: expense.fileUrl,
        fileName: expense.fileName ?? 'upload',
        fileContentType: expense.fileContentType ?? '',
        fileSize: expense.fileSize ?? 0,
      }
    : null;

export function toFormValues(expense: Expense): ExpenseFormValues {
  return {
    title: expense.title,
    description: expense.description,
    originalCurrency: expense.originalCurrency,
    originalAmount: expense.originalAmount.toFixed(2),
    spentDate: centralDay(fromTimestamp(expense.spentAt)),
    file: fileOf(expense),
  };
}

/** A new expense (docs/product.md, Admin dashboard): today, in dollars, nothing else. */
export const newExpenseValues = (now = new Date()): ExpenseFormValues => ({
  title: '',
  description: '',
  originalCurrency: 'USD',
  originalAmount: '',
  spentDate: toIsoDate(now),
  file: null,
});

/** Whether the card differs from what was loaded (a new expense always does). */
export function isDirty(values: ExpenseFormValues, loaded: ExpenseFormValues | null): boolean {
  if (!loaded) return true;
  return EXPENSE_FORM_FIELDS.some((name) => values[name] !== loaded[name]) || values.file?.fileUrl !== loaded.file?.fileUrl;
}

/**
 * The PUT body (docs/product.md, Validation): the fields as typed, the spent date as the start of that day on the
 * business's calendar (decision 061), createdBy as loaded, and the file fields only when a file exists. The
 * shared schema trims and upper-cases.
 */
function toUpdateInput(values: ExpenseFormValues, createdBy: string | null): ExpenseUpdateInput {
  const spentAt = centralMidnight(values.spentDate);
  return {
    title: values.title,
    description: values.description,
    originalCurrency: values.originalCurrency,
    originalAmount: values.originalAmount,
    spentAt: spentAt ? spentAt.toISOString() : values.spentDate || null,
    ...(createdBy ? { createdBy } : {}),
    ...(values.file
      ? {
          fileUrl: values.file.fileUrl,
          fileName: values.file.fileName, // Typed as the schema wants; the server checks it like any other input.
          fileContentType: values.file.fileContentType as ReceiptContentType,
          fileSize: values.file.fileSize,
        }
      : {}),
  };
}

export type ExpenseFormCheck =
  { ok: true; body: ExpenseUpdateInput; parsed: ExpenseUpdate } | { ok: false; errors: Partial<Record<ExpenseFormField, string>> };

const FIELD_OF_PATH: Record<string, ExpenseFormField> = {
  title: 'title',
  description: 'description',
  originalCurrency: 'originalCurrency',
  originalAmount: 'originalAmount',
  spentAt: 'spentDate',
};

/** The shared schema's verdict on the card, by field (the server parses the same body the same way). */
export function checkExpenseForm(values: ExpenseFormValues, createdBy: string | null): ExpenseFormCheck {
  const body = toUpdateInput(values, createdBy);
  const parsed = expenseUpdateSchema.safeParse(body);
  if (parsed.success) return { ok: true, body, parsed: parsed.data };
  const errors: Partial<Record<ExpenseFormField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF_PATH[String(issue.path[0])];
    if (field) errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
