import { PLAN_IDS, fromMinorUnits, countsAsMonthlyRevenue, type Profit } from '@app/shared';
import type { Database } from '../../db/client';
import { seriesRows } from './repository';
import { monthlyExpenseCents } from '../expenses';

const RECURRING_PLANS = PLAN_IDS.filter((id) => countsAsMonthlyRevenue(id));

/** The last day of a YYYY-MM month, YYYY-MM-DD. */
function lastDayOf(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(year, monthNumber, 0)).getUTCDate()).padStart(2, '0')}`;
}

/**
 * The profit panel (decision 020): per America/Chicago month, the analytics series' monthly recurring
 * revenue and cash collected against the month's expenses in dollars. Net is cash less expenses:
 * what the month actually brought in and paid out.
 */
export async function profitByMonth(db: Database, range: { from: string; to: string }): Promise<Profit> {
  const [buckets, expenses] = await Promise.all([
    seriesRows(db, { from: `${range.from}-01`, to: lastDayOf(range.to), interval: 'month' }, RECURRING_PLANS),
    monthlyExpenseCents(db, range.from, range.to),
  ]);
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
      };
    }),
  };
}
