import { centralDay, fromMinorUnits, RATE_SCALE, type ExpenseFilter } from '@app/shared';
import type { Database } from '../../db/client';
import { expensesAfter } from './repository';

// Spreadsheet software runs a cell that starts with these as a formula (OWASP CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;
const csvCell = (value: string | number) => {
  const text = typeof value === 'number' ? value.toFixed(2) : FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const CSV_HEADER = [
  'id',
  'spent_date',
  'title',
  'description',
  'currency',
  'original_amount',
  'amount_usd',
  'amount_inr',
  'inr_per_usd',
  'created_by',
  'created_at',
  'file_name',
];

/** The filtered expenses as CSV for the accountant, read a batch at a time so memory stays flat. */
export async function* expensesCsv(db: Database, filter: ExpenseFilter): AsyncGenerator<string> {
  yield `${CSV_HEADER.join(',')}\r\n`;
  let after: { spentAt: Date; id: string } | null = null;
  for (;;) {
    const rows = await expensesAfter(db, filter, after, 1000);
    if (rows.length === 0) return;
    yield rows
      .map(({ expense, file }) =>
        [
          expense.id,
          centralDay(expense.spentAt),
          expense.title,
          expense.description,
          expense.originalCurrency,
          fromMinorUnits(expense.originalAmountMinor),
          fromMinorUnits(expense.amountUsdCents),
          fromMinorUnits(expense.amountInrPaise),
          (expense.inrPerUsdE4 / RATE_SCALE).toFixed(4),
          expense.createdBy,
          expense.createdAt.toISOString(),
          file?.fileName ?? '',
        ]
          .map(csvCell)
          .join(','),
      )
      .map((line) => `${line}\r\n`)
      .join('');
    const last = rows[rows.length - 1]!.expense;
    after = { spentAt: last.spentAt, id: last.id };
  }
}
