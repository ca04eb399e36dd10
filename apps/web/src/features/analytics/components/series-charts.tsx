import type { AnalyticsBucket, AnalyticsSeries } from '@app/shared';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import uPlotCss from 'uplot/dist/uPlot.min.css?inline';
import { ChunkStyles } from '../../../components/ui';

interface Line {
  label: string;
  value: (bucket: AnalyticsBucket) => number;
  /** A design token for the line's colour. */
  color: string;
  dash?: number[];
  /** Drawn against a second y axis on the right, for a line of another magnitude. */
  right?: boolean;
}

const token = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#13202e';

/** A bucket's first day as chart time: midnight UTC of that calendar day, read back in UTC (see tzDate). */
const dayToSeconds = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 1000;
};

interface ChartProps {
  title: string;
  series: AnalyticsSeries;
  lines: readonly Line[];
  /** How the y axis shows a value, e.g. as dollars. */
  formatValue: (value: number) => string;
  /** The smallest top of the y axis, so a quiet range does not read as a steep one. */
  minTop: number;
}

function Chart({ title, series, lines, formatValue, minTop }: ChartProps) {
  const target = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = target.current;
    if (!el) return;
    const axis = {
      stroke: token('--color-text-muted'),
      grid: { stroke: token('--color-border'), width: 1 },
      ticks: { stroke: token('--color-border'), width: 1 },
    };
    const plot = new uPlot(
      {
        width: el.clientWidth || 600,
        height: 220,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        // Bucket days are America/Chicago calendar days already: show them as they are.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: {
          x: { time: true },
          y: { range: (_u, min, max) => [Math.min(0, min), Math.max(max, minTop)] },
          right: { range: (_u, min, max) => [Math.min(0, min), Math.max(max, minTop)] },
        },
        axes: [
          axis,
          { ...axis, size: 70, values: (_u, ticks) => ticks.map(formatValue) },
          ...(lines.some((line) => line.right)
            ? [
                {
                  ...axis,
                  scale: 'right',
                  side: 1,
                  size: 70,
                  grid: { show: false },
                  values: (_u: uPlot, ticks: number[]) => ticks.map(formatValue),
                },
              ]
            : []),
        ],
        series: [
          {},
          ...lines.map((line) => ({
            label: line.label,
            scale: line.right ? 'right' : 'y',
            stroke: token(line.color),
            width: 2,
            dash: line.dash,
            points: { show: series.buckets.length <= 31 },
          })),
        ],
      },
      [series.buckets.map((b) => dayToSeconds(b.start)), ...lines.map((line) => series.buckets.map(line.value))],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [series, lines, formatValue, minTop]);

  return (
    <figure className="admin-chart">
      <figcaption className="admin-chart__title">{title}</figcaption>
      <ul className="admin-chart__legend">
        {lines.map((line) => (
          <li key={line.label}>
            <span
              className={`admin-chart__swatch${line.dash ? ' admin-chart__swatch--dashed' : ''}`}
              style={{ borderColor: `var(${line.color})` }}
              aria-hidden="true"
            />
            {line.label}
          </li>
        ))}
      </ul>
      {/* The canvas says nothing to a screen reader; the table below holds the same numbers. */}
      <div ref={target} className="admin-chart__plot" aria-hidden="true" />
    </figure>
  );
}

const countLines: readonly Line[] = [
  { label: 'Sign-ups', value: (b) => b.signups, color: '--color-accent' },
  { label: 'New memberships', value: (b) => b.newMemberships, color: '--color-primary' },
  { label: 'Ended memberships', value: (b) => b.endedMemberships, color: '--color-error', dash: [6, 4] },
];
const moneyLines: readonly Line[] = [
  { label: 'Monthly recurring revenue', value: (b) => b.revenueMonthly, color: '--color-primary' },
  { label: 'Cash collected (right axis)', value: (b) => b.cashCollected, color: '--color-accent', dash: [6, 4], right: true },
];

const formatCount = (value: number) => value.toLocaleString('en-US');

/**
 * The analytics series as two line charts (uPlot): people and memberships, then money. The money
 * format comes from the card, so this chunk imports nothing of the dashboard's own and the
 * dashboard's chunk keeps a single export (the router's import of it stays as it was).
 */
export default function SeriesCharts({ series, formatMoney }: { series: AnalyticsSeries; formatMoney: (dollars: number) => string }) {
  return (
    <div className="admin-charts">
      <ChunkStyles name="uplot" css={uPlotCss} />
      <Chart
        title={`Sign-ups and memberships per ${series.interval}`}
        series={series}
        lines={countLines}
        formatValue={formatCount}
        minTop={5}
      />
      <Chart title={`Revenue per ${series.interval} (USD)`} series={series} lines={moneyLines} formatValue={formatMoney} minTop={10} />
    </div>
  );
}
