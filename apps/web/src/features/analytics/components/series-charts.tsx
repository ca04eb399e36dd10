import type { AnalyticsBucket, AnalyticsSeries } from '@app/shared';
import uPlotCss from 'uplot/dist/uPlot.min.css?inline';
import { ChunkStyles } from '../../../components/ui';
import { formatAxisDollars, formatDollars } from '../../../lib/format';
import { FIGURES } from '../figures';
import { Chart, type ChartSeries } from './chart';

const countSeries: readonly ChartSeries<AnalyticsBucket>[] = [
  { label: FIGURES.signups.label, value: (b) => b.signups, color: '--color-accent' },
  { label: FIGURES.newMemberships.label, value: (b) => b.newMemberships, color: '--color-primary' },
  { label: FIGURES.endedMemberships.label, value: (b) => b.endedMemberships, color: '--color-error', dash: [6, 4] },
];
const revenueSeries: readonly ChartSeries<AnalyticsBucket>[] = [
  { label: FIGURES.revenueMonthly.label, value: (b) => b.revenueMonthly, color: '--color-primary' },
];
const cashSeries: readonly ChartSeries<AnalyticsBucket>[] = [
  { label: FIGURES.cashCollected.label, value: (b) => b.cashCollected, color: '--color-accent', bars: true },
];

const formatCount = (value: number) => value.toLocaleString('en-US');

/**
 * The analytics series as three uPlot charts: people and memberships, monthly recurring revenue, and cash
 * collected (a flow, as bars, on its own axis).
 */
export default function SeriesCharts({ series }: { series: AnalyticsSeries }) {
  const common = { points: series.buckets, interval: series.interval } as const;
  return (
    <div className="admin-charts">
      <ChunkStyles name="uplot" css={uPlotCss} />
      <Chart
        {...common}
        title={`Sign-ups and memberships per ${series.interval}`}
        series={countSeries}
        formatValue={formatCount}
        minTop={5}
      />
      <Chart
        {...common}
        title={`${FIGURES.revenueMonthly.label} at the end of each ${series.interval} (USD)`}
        series={revenueSeries}
        formatValue={formatDollars}
        formatAxis={formatAxisDollars}
        minTop={10}
      />
      <Chart
        {...common}
        title={`${FIGURES.cashCollected.label} per ${series.interval} (USD)`}
        series={cashSeries}
        formatValue={formatDollars}
        formatAxis={formatAxisDollars}
        minTop={10}
      />
    </div>
  );
}
