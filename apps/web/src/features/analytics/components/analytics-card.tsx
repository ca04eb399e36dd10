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
import { Alert, Card, DefinedTerm, LoadError, QuickRanges, SelectField, Spinner, StatList, TextField } from '../../../components/ui';
import { failureMessage } from '../../../lib/api-failure';
import { formatDollars, humanize } from '../../../lib/format';
import { getAnalyticsSeries, getAnalyticsSummary } from '../api/analytics';
import { analyticsKeys } from '../api/keys';
import { FIGURES } from '../figures';

// uPlot and the chart code load only when the charts are about to show.
const SeriesCharts = lazy(() => import('./series-charts'));

const shortDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });

/** A figure's change since the comparison, e.g. '▲ +$120.00 (+4.2%) since Nov 6'; the arrow is decoration. */
function Change({ now, then, format, since }: { now: number; then: number; format: (value: number) => string; since: string }) {
  const difference = Math.round((now - then) * 100) / 100;
  if (difference === 0) return <span className="stat-change">No change {since}</span>;
  const sign = difference > 0 ? '+' : '−';
  const percent = then === 0 ? '' : ` (${sign}${Math.abs((difference / then) * 100).toFixed(1)}%)`;
  return (
    <span className={`stat-change stat-change--${difference > 0 ? 'up' : 'down'}`}>
      <span aria-hidden="true">{difference > 0 ? '▲ ' : '▼ '}</span>
      {sign}
      {format(Math.abs(difference))}
      {percent} {since}
    </span>
  );
}

const formatCount = (value: number) => value.toLocaleString('en-US');

/** The Analytics card's four numbers (docs/product.md, Admin dashboard), each defined and with its change. */
function SummaryStats({ summary }: { summary: AnalyticsSummary }) {
  const [year, month, day] = summary.previous.day.split('-').map(Number) as [number, number, number];
  const since = `since ${shortDay.format(new Date(Date.UTC(year, month - 1, day)))}`;
  const figure = (
    id: 'totalUsers' | 'activeSubscriptions' | 'revenueMonthly' | 'signupsLast7',
    format: (value: number) => string,
    when = since,
  ) =>
    [
      FIGURES[id].label,
      <>
        {format(summary[id])}
        <Change now={summary[id]} then={summary.previous[id]} format={format} since={when} />
      </>,
      FIGURES[id].definition,
    ] as const;
  return (
    <StatList
      items={[
        figure('totalUsers', formatCount),
        figure('activeSubscriptions', formatCount),
        figure('revenueMonthly', formatDollars),
        figure('signupsLast7', formatCount, 'vs the 7 days before'),
      ]}
    />
  );
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
            {(['signups', 'newMemberships', 'endedMemberships', 'revenueMonthly', 'cashCollected'] as const).map((id) => (
              <th key={id} scope="col">
                <DefinedTerm definition={FIGURES[id].definition}>{FIGURES[id].label}</DefinedTerm>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {series.buckets.map((b) => (
            <tr key={b.start}>
              <th scope="row">
                {b.start}
                {b.partial && <span className="admin-table__note"> (partial)</span>}
              </th>
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

const intervalOptions = ANALYTICS_INTERVALS.map((i) => ({ value: i, label: humanize(i) }));

/**
 * The Analytics card's four numbers (docs/product.md, Admin dashboard), then the business over time: charts
 * and a table of a chosen range, picked by dates or a quick range (the last 12 months by month).
 */
export function AnalyticsCard() {
  const summary = useQuery({ queryKey: analyticsKeys.summary, queryFn: ({ signal }) => getAnalyticsSummary(signal) });
  const today = centralDay(new Date());
  const [range, setRange] = useState<{ from: string; to: string; interval: AnalyticsInterval }>(() => ({
    from: addIsoDays(today, -29),
    to: today,
    interval: 'day',
  }));
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
      <QuickRanges
        today={today}
        value={range}
        onPick={(days, id) => setRange({ ...days, interval: id === 'last12Months' ? 'month' : 'day' })}
      />
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
            <SeriesCharts series={series.data} />
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
