import { addIsoMonths, centralDay, messages, profitQuerySchema, type ProfitMonth } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Alert, Card, DefinedTerm, QuickRanges, Spinner, TextField } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { formatDollars } from '../../../lib/format';
import { getProfit } from '../api/analytics';
import { analyticsKeys } from '../api/keys';
import { FIGURES, formatMargin } from '../figures';

// uPlot and the chart code load only when the chart is about to show.
const ProfitChart = lazy(() => import('./profit-chart'));

const COLUMNS = ['revenueMonthly', 'cashCollected', 'expensesUsd', 'net', 'margin'] as const;

/** The range's totals: cash, expenses and net add up; recurring revenue is a level, not a flow, so it has none. */
function totalsOf(months: readonly ProfitMonth[]) {
  const cents = (pick: (m: ProfitMonth) => number) => months.reduce((sum, m) => sum + Math.round(pick(m) * 100), 0);
  const cash = cents((m) => m.cashCollected) / 100;
  const net = cents((m) => m.net) / 100;
  return { cash, expenses: cents((m) => m.expensesUsd) / 100, net, margin: formatMargin(net, cash) };
}

function ProfitTable({ months, range }: { months: readonly ProfitMonth[]; range: { from: string; to: string } }) {
  const totals = totalsOf(months);
  return (
    <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Profit table">
      <table className="admin-table">
        <caption className="sr-only">
          Profit per month from {range.from} to {range.to}, in US dollars (America/Chicago months)
        </caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            {COLUMNS.map((id) => (
              <th key={id} scope="col">
                <DefinedTerm definition={FIGURES[id].definition}>
                  {id === 'revenueMonthly' ? `${FIGURES[id].label} (month end)` : FIGURES[id].label}
                </DefinedTerm>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">
                {m.month}
                {m.partial && <span className="admin-table__note"> (partial)</span>}
              </th>
              <td>{formatDollars(m.revenueMonthly)}</td>
              <td>{formatDollars(m.cashCollected)}</td>
              <td>{formatDollars(m.expensesUsd)}</td>
              <td className={m.net < 0 ? 'profit-loss' : undefined}>{formatDollars(m.net)}</td>
              <td>{formatMargin(m.net, m.cashCollected)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>—</td>
            <td>{formatDollars(totals.cash)}</td>
            <td>{formatDollars(totals.expenses)}</td>
            <td className={totals.net < 0 ? 'profit-loss' : undefined}>{formatDollars(totals.net)}</td>
            <td>{totals.margin}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The profit panel (decision 020): per month, revenue and cash collected against expenses in dollars, the net and the margin. */
export function ProfitCard() {
  const today = centralDay(new Date());
  const [range, setRange] = useState(() => {
    const to = today.slice(0, 7);
    return { from: addIsoMonths(to, -11), to };
  });
  const parsed = profitQuerySchema.safeParse(range);
  const profit = useQuery({
    queryKey: analyticsKeys.profit(range),
    queryFn: ({ signal }) => getProfit(range, signal),
    enabled: parsed.success,
    placeholderData: keepPreviousData,
  });

  return (
    <Card title="Profit" level={2} headingId="admin-profit-title">
      <QuickRanges
        today={today}
        value={range}
        months
        onPick={(days) => setRange({ from: days.from.slice(0, 7), to: days.to.slice(0, 7) })}
      />
      <div className="admin-range">
        <TextField
          id="profit-from"
          label="From month"
          type="month"
          value={range.from}
          max={range.to}
          onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
        />
        <TextField
          id="profit-to"
          label="To month"
          type="month"
          value={range.to}
          min={range.from}
          error={parsed.success ? null : (parsed.error.issues[0]?.message ?? messages.profitRangeInvalid)}
          onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
        />
      </div>
      {profit.isPending && parsed.success && <Spinner label="Loading profit…" />}
      {profit.isError && <Alert tone="error">{failureMessage(profit.error, messages.profitLoadFailed)}</Alert>}
      {profit.data && (
        <>
          <Suspense fallback={<Spinner label="Loading the chart…" />}>
            <ProfitChart months={profit.data.months} />
          </Suspense>
          <ProfitTable months={profit.data.months} range={range} />
        </>
      )}
    </Card>
  );
}
