import { centralDay, messages, profitQuerySchema, type ProfitMonth } from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Card, Spinner, TextField } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { formatDollars } from '../../../lib/format';
import { getProfit } from '../api/analytics';
import { analyticsKeys } from '../api/keys';

/** YYYY-MM moved by whole months. */
function addMonths(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(y, m - 1 + months, 1));
  return date.toISOString().slice(0, 7);
}

/** Net per month as bars around a zero line: above for a profit, below for a loss. The table says the same in words. */
function NetBars({ months }: { months: ProfitMonth[] }) {
  const width = 640;
  const height = 160;
  const middle = height / 2;
  const largest = Math.max(1, ...months.map((m) => Math.abs(m.net)));
  const slot = width / Math.max(months.length, 1);
  return (
    <figure className="admin-chart">
      <figcaption className="admin-chart__title">Net per month (USD): cash collected less expenses</figcaption>
      <svg
        className="profit-bars"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label="Net per month: bars above the line are profit, below are loss"
        preserveAspectRatio="none"
      >
        <line x1={0} x2={width} y1={middle} y2={middle} className="profit-bars__zero" />
        {months.map((m, i) => {
          const barHeight = (Math.abs(m.net) / largest) * (middle - 6);
          return (
            <rect
              key={m.month}
              x={i * slot + slot * 0.15}
              width={slot * 0.7}
              y={m.net >= 0 ? middle - barHeight : middle}
              height={barHeight}
              className={m.net >= 0 ? 'profit-bars__gain' : 'profit-bars__loss'}
            />
          );
        })}
      </svg>
      {months.length > 0 && (
        <div className="profit-bars__months" aria-hidden="true">
          <span>{months[0]!.month}</span>
          <span>{months.at(-1)!.month}</span>
        </div>
      )}
    </figure>
  );
}

/** The profit panel (decision 020): per month, revenue and cash collected against expenses in dollars, and the net. */
export function ProfitCard() {
  const [range, setRange] = useState(() => {
    const to = centralDay(new Date()).slice(0, 7);
    return { from: addMonths(to, -11), to };
  });
  const parsed = profitQuerySchema.safeParse(range);
  const profit = useQuery({
    queryKey: analyticsKeys.profit(range),
    queryFn: ({ signal }) => getProfit(range, signal),
    enabled: parsed.success,
    placeholderData: keepPreviousData,
  });
  const months = profit.data?.months ?? [];

  return (
    <Card title="Profit" level={2} headingId="admin-profit-title">
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
          <NetBars months={months} />
          <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Profit table">
            <table className="admin-table">
              <caption className="sr-only">
                Profit per month from {range.from} to {range.to}, in US dollars (America/Chicago months)
              </caption>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Monthly recurring revenue</th>
                  <th scope="col">Cash collected</th>
                  <th scope="col">Expenses</th>
                  <th scope="col">Net</th>
                </tr>
              </thead>
              <tbody>
                {months.map((m) => (
                  <tr key={m.month}>
                    <th scope="row">{m.month}</th>
                    <td>{formatDollars(m.revenueMonthly)}</td>
                    <td>{formatDollars(m.cashCollected)}</td>
                    <td>{formatDollars(m.expensesUsd)}</td>
                    <td className={m.net < 0 ? 'profit-loss' : undefined}>{formatDollars(m.net)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Card>
  );
}
