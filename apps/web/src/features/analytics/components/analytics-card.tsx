import {
  addIsoDays,
  ANALYTICS_INTERVALS,
  analyticsSeriesQuerySchema,
  centralDay,
  messages,
  type AnalyticsInterval,
  type AnalyticsSeries,
  type AnalyticsSummary,
} from '@app/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Alert, Card, LoadError, SelectField, Spinner, StatList, TextField } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { formatDollars, humanize } from '../../../lib/format';
import { getAnalyticsSeries, getAnalyticsSummary } from '../api/analytics';
import { analyticsKeys } from '../api/keys';

// uPlot and the chart code load only when the charts are about to show.
const SeriesCharts = lazy(() => import('./series-charts'));

/** The Analytics card's four numbers (docs/product.md, Admin dashboard). */
function SummaryStats({ summary }: { summary: AnalyticsSummary }) {
  const stats = [
    ['Total users', summary.totalUsers.toLocaleString('en-US')],
    ['Active subscriptions', summary.activeSubscriptions.toLocaleString('en-US')],
    ['Monthly revenue', formatDollars(summary.revenueMonthly)],
    ['Sign-ups, last 7 days', summary.signupsLast7.toLocaleString('en-US')],
  ] as const;
  return <StatList items={stats} />;
}

/** The series as a table: the same numbers as the charts, for the keyboard and screen readers. */
function SeriesTable({ series }: { series: AnalyticsSeries }) {
  return (
    <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Analytics table">
      <table className="admin-table">
        <caption className="sr-only">
          Per {series.interval} from {series.from} to {series.to} (America/Chicago)
        </caption>
        <thead>
          <tr>
            <th scope="col">{humanize(series.interval)} starting</th>
            <th scope="col">Sign-ups</th>
            <th scope="col">New memberships</th>
            <th scope="col">Ended memberships</th>
            <th scope="col">Monthly recurring revenue</th>
            <th scope="col">Cash collected</th>
          </tr>
        </thead>
        <tbody>
          {series.buckets.map((b) => (
            <tr key={b.start}>
              <th scope="row">{b.start}</th>
              <td>{b.signups.toLocaleString('en-US')}</td>
              <td>{b.newMemberships.toLocaleString('en-US')}</td>
              <td>{b.endedMemberships.toLocaleString('en-US')}</td>
              <td>{formatDollars(b.revenueMonthly)}</td>
              <td>{formatDollars(b.cashCollected)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Whole dollars on a chart axis read more easily: '$1200', not '$1200.00'. */
const formatAxisDollars = (dollars: number) => formatDollars(dollars).replace(/\.00$/, '');

const intervalOptions = ANALYTICS_INTERVALS.map((i) => ({ value: i, label: humanize(i) }));

/** The Analytics card's four numbers (docs/product.md, Admin dashboard), then the business over time: charts and a table of a chosen range. */
export function AnalyticsCard() {
  const summary = useQuery({ queryKey: analyticsKeys.summary, queryFn: ({ signal }) => getAnalyticsSummary(signal) });
  const [range, setRange] = useState<{ from: string; to: string; interval: AnalyticsInterval }>(() => {
    const to = centralDay(new Date());
    return { from: addIsoDays(to, -29), to, interval: 'day' };
  });
  const parsed = analyticsSeriesQuerySchema.safeParse(range);
  const query = parsed.success ? parsed.data : null;
  const series = useQuery({
    queryKey: analyticsKeys.series(query ?? range),
    queryFn: ({ signal }) => getAnalyticsSeries(query!, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });

  return (
    <Card title="Analytics" level={2} headingId="admin-analytics-title">
      {summary.isPending && <Spinner label="Loading analytics…" />}
      {summary.isError && (
        <LoadError error={summary.error} fallback={messages.analyticsLoadFailed} onRetry={() => void summary.refetch()} />
      )}
      {summary.data && <SummaryStats summary={summary.data} />}

      <h3 className="admin-subheading">Over time</h3>
      <div className="admin-range">
        <TextField
          id="analytics-from"
          label="From"
          type="date"
          value={range.from}
          max={range.to}
          onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
        />
        <TextField
          id="analytics-to"
          label="To"
          type="date"
          value={range.to}
          min={range.from}
          error={parsed.success ? null : (parsed.error.issues[0]?.message ?? messages.analyticsRangeInvalid)}
          onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
        />
        <SelectField
          id="analytics-interval"
          label="Interval"
          options={intervalOptions}
          value={range.interval}
          onChange={(e) => setRange((r) => ({ ...r, interval: e.target.value as AnalyticsInterval }))}
        />
      </div>
      {series.isPending && query && <Spinner label="Loading charts…" />}
      {series.isError && <Alert tone="error">{failureMessage(series.error, messages.analyticsLoadFailed)}</Alert>}
      {series.data && (
        <>
          <Suspense fallback={<Spinner label="Loading charts…" />}>
            <SeriesCharts series={series.data} formatMoney={formatAxisDollars} />
          </Suspense>
          <details className="admin-details">
            <summary>Show the numbers as a table</summary>
            <SeriesTable series={series.data} />
          </details>
        </>
      )}
    </Card>
  );
}
