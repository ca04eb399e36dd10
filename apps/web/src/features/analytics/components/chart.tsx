import type { AnalyticsInterval } from '@app/shared';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import uPlot from 'uplot';

/** A point of a chart: the first day of its day, week or month, and whether the period is complete. */
export interface ChartPoint {
  start: string;
  partial: boolean;
}

export interface ChartSeries<P extends ChartPoint> {
  label: string;
  /** The value at a point; null draws nothing there. */
  value: (point: P) => number | null;
  /** A design token for the series' colour. */
  color: string;
  dash?: number[];
  /** Drawn as bars (a flow per period) instead of a line. */
  bars?: boolean;
}

export interface ChartProps<P extends ChartPoint> {
  title: string;
  points: readonly P[];
  series: readonly ChartSeries<P>[];
  interval: AnalyticsInterval;
  /** How the tooltip shows a value, e.g. as dollars to the cent. */
  formatValue: (value: number) => string;
  /** How the y axis shows a value, when shorter than the tooltip's: whole dollars. */
  formatAxis?: (value: number) => string;
  /** The smallest top of the y axis, so a quiet range does not read as a steep one. */
  minTop: number;
  /** The tooltip's lines at a point, when they are more than the series' own values (the default). */
  tooltipRows?: (point: P) => readonly (readonly [string, string])[];
}

const HEIGHT = 220;

const token = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#13202e';

/** A point's first day as chart time: midnight UTC of that calendar day, read back in UTC (see tzDate). */
const dayToSeconds = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 1000;
};

const dayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
const weekFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
const monthFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' });

/** A period as words: 'Tue, Nov 3, 2026', 'Week of Nov 2, 2026', 'November 2026'; a partial one says so. */
function periodLabel(point: ChartPoint, interval: AnalyticsInterval): string {
  const date = new Date(dayToSeconds(point.start) * 1000);
  const name =
    interval === 'day' ? dayFormat.format(date) : interval === 'week' ? `Week of ${weekFormat.format(date)}` : monthFormat.format(date);
  return point.partial ? `${name} (partial)` : name;
}

/**
 * A uPlot chart of one range with a tooltip of the period and every value, on hover and on keyboard focus
 * (the arrow keys, Home and End move it; a live region reads it), and partial periods shaded.
 */
export function Chart<P extends ChartPoint>({
  title,
  points,
  series,
  interval,
  formatValue,
  formatAxis = formatValue,
  minTop,
  tooltipRows,
}: ChartProps<P>) {
  const target = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const [active, setActive] = useState<{ index: number; left: number } | null>(null);
  const describedBy = useId();

  useEffect(() => {
    const el = target.current;
    if (!el) return;
    const axis = {
      stroke: token('--color-text-muted'),
      grid: { stroke: token('--color-border'), width: 1 },
      ticks: { stroke: token('--color-border'), width: 1 },
    };
    const xs = points.map((p) => dayToSeconds(p.start));
    // Hatch each partial period from halfway to its neighbours, under the series.
    const shadePartial = (u: uPlot) => {
      const { ctx } = u;
      const { top, height, left, width } = u.bbox;
      const step = 8 * devicePixelRatio;
      points.forEach((point, i) => {
        if (!point.partial) return;
        const at = u.valToPos(xs[i]!, 'x', true);
        const before = i > 0 ? (at + u.valToPos(xs[i - 1]!, 'x', true)) / 2 : left;
        const after = i < xs.length - 1 ? (at + u.valToPos(xs[i + 1]!, 'x', true)) / 2 : left + width;
        ctx.save();
        ctx.beginPath();
        ctx.rect(before, top, after - before, height);
        ctx.clip();
        ctx.fillStyle = token('--color-surface-muted');
        ctx.fill();
        ctx.strokeStyle = token('--color-border');
        ctx.lineWidth = devicePixelRatio;
        ctx.beginPath();
        for (let x = before - height; x < after; x += step) {
          ctx.moveTo(x, top + height);
          ctx.lineTo(x + height, top);
        }
        ctx.stroke();
        ctx.restore();
      });
    };
    const plot = new uPlot(
      {
        width: el.clientWidth || 600,
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false }, y: false },
        // Point days are America/Chicago calendar days already: show them as they are.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: {
          x: {
            time: true,
            // Bars need room at both ends for their width.
            range: (_u, min, max) => (series.some((s) => s.bars) ? padRange(xs) : [min, max]),
          },
          y: { range: (_u, min, max) => [Math.min(0, min), Math.max(max, minTop)] },
        },
        axes: [axis, { ...axis, size: 70, values: (_u, ticks) => ticks.map(formatAxis) }],
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: token(s.color),
            fill: s.bars ? token(s.color) : undefined,
            width: s.bars ? 0 : 2,
            dash: s.dash,
            paths: s.bars ? uPlot.paths.bars!({ size: [0.6, 48] }) : undefined,
            points: { show: !s.bars && points.length <= 31 },
          })),
        ],
        hooks: {
          drawClear: [shadePartial],
          setCursor: [
            (u) => {
              const index = u.cursor.idx;
              const left = u.cursor.left ?? -1;
              setActive(index == null || left < 0 ? null : { index, left: left + u.over.offsetLeft });
            },
          ],
        },
      },
      [xs, ...series.map((s) => points.map((p) => s.value(p)))],
      el,
    );
    plotRef.current = plot;
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
      plotRef.current = null;
      setActive(null);
    };
  }, [points, series, formatAxis, minTop]);

  /** Moves the tooltip to a point, as the mouse would. */
  function showPoint(index: number) {
    const plot = plotRef.current;
    if (!plot || points.length === 0) return;
    const clamped = Math.max(0, Math.min(points.length - 1, index));
    plot.setCursor({ left: plot.valToPos(dayToSeconds(points[clamped]!.start), 'x'), top: HEIGHT / 3 });
  }

  function onKeyDown(event: KeyboardEvent) {
    const current = active?.index ?? points.length - 1;
    const moves: Record<string, number> = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: points.length - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    showPoint(next);
  }

  const point = active ? points[active.index] : undefined;
  const rows = point ? (tooltipRows?.(point) ?? series.flatMap((s) => valueRow(s, point, formatValue))) : [];
  const tooltip = point ? `${periodLabel(point, interval)}: ${rows.map(([label, value]) => `${label} ${value}`).join(', ')}` : '';

  return (
    <figure className="admin-chart">
      <figcaption className="admin-chart__title">{title}</figcaption>
      <ul className="admin-chart__legend">
        {series.map((s) => (
          <li key={s.label}>
            <span
              className={`admin-chart__swatch${s.dash ? ' admin-chart__swatch--dashed' : ''}${s.bars ? ' admin-chart__swatch--bar' : ''}`}
              style={{ borderColor: `var(${s.color})` }}
              aria-hidden="true"
            />
            {s.label}
          </li>
        ))}
        {points.some((p) => p.partial) && (
          <li>
            <span className="admin-chart__swatch admin-chart__swatch--partial" aria-hidden="true" />
            Hatched: a partial {interval}
          </li>
        )}
      </ul>
      <div
        className="admin-chart__frame"
        tabIndex={0}
        role="group"
        aria-label={`${title}. Use the left and right arrow keys to read each ${interval}.`}
        aria-describedby={describedBy}
        onFocus={() => showPoint(active?.index ?? points.length - 1)}
        onBlur={() => plotRef.current?.setCursor({ left: -10, top: -10 })}
        onKeyDown={onKeyDown}
      >
        <div ref={target} className="admin-chart__plot" />
        {point && active && (
          <div className="admin-chart__tooltip" style={{ left: `clamp(6rem, ${active.left}px, calc(100% - 6rem))` }} aria-hidden="true">
            <strong>{periodLabel(point, interval)}</strong>
            {rows.map(([label, value]) => (
              <span key={label}>
                {label}: <b>{value}</b>
              </span>
            ))}
          </div>
        )}
        <p id={describedBy} className="sr-only" aria-live="polite">
          {tooltip}
        </p>
      </div>
    </figure>
  );
}

function valueRow<P extends ChartPoint>(s: ChartSeries<P>, point: P, format: (value: number) => string): [string, string][] {
  const value = s.value(point);
  return value === null ? [] : [[s.label, format(value)]];
}

/** The points' x range widened by half the smallest step at each end (half a month for one point), so the first and last bars show whole. */
function padRange(xs: readonly number[]): [number, number] {
  const steps = xs.slice(1).map((x, i) => x - xs[i]!);
  const half = (steps.length > 0 ? Math.min(...steps) : 86_400 * 30) / 2;
  return [(xs[0] ?? 0) - half, (xs.at(-1) ?? 0) + half];
}
