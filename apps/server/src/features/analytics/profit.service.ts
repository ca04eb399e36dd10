import { centralDay, fromMinorUnits, lastDayOfMonth, type Profit } from '@app/shared';
import type { Database } from '../../db/client';
import { seriesRows } from './repository';
import { isPartialBucket, RECURRING_PLANS } from './service';
import { monthlyExpenseCents } from '../expenses';

/**
 * The profit panel (decision 020): per America/Chicago month, the analytics series' monthly recurring
 * revenue and cash collected against the month's expenses in dollars. Net is cash less expenses:
 * what the month actually brought in and paid out.
 */
export async function profitByMonth(db: Database, range: { from: string; to: string }): Promise<Profit> {
  const days = { from: `${range.from}-01`, to: lastDayOfMonth(range.to) };
  const [buckets, expenses] = await Promise.all([
    seriesRows(db, { ...days, interval: 'month' }, RECURRING_PLANS),
    monthlyExpenseCents(db, range.from, range.to),
  ]);
  const today = centralDay(new Date());
  return {
    months: buckets.map((bucket) => {
      const month = bucket.start.slice(0, 7);
      const cash = Number(bucket.cash_cents);
      const spent = expenses.get(month) ?? 0;
      return {
        month,
        revenueMonthly: fromMinorUnits(Number(bucket.revenue_monthly_cents)),
        cashCollected: fromMinorUnits(cash),
        expensesUsd: fromMinorUnits(spent),
        net: fromMinorUnits(cash - spent),
        partial: isPartialBucket({ start: bucket.start, end: lastDayOfMonth(month) }, days, today),
      };
    }),
  };
}
