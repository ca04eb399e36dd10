import type { ProfitMonth } from '@app/shared';
import uPlotCss from 'uplot/dist/uPlot.min.css?inline';
import { ChunkStyles } from '../../../components/ui';
import { formatAxisDollars, formatDollars } from '../../../lib/format';
import { FIGURES, formatMargin } from '../figures';
import { Chart, type ChartSeries } from './chart';

type ProfitPoint = ProfitMonth & { start: string };

// A profit and a loss in their own colours: each month is one of the two.
const netSeries: readonly ChartSeries<ProfitPoint>[] = [
  { label: 'Profit', value: (m) => (m.net >= 0 ? m.net : null), color: '--color-primary', bars: true },
  { label: 'Loss', value: (m) => (m.net < 0 ? m.net : null), color: '--color-error', bars: true },
];

const monthRows = (m: ProfitMonth) =>
  [
    [FIGURES.cashCollected.label, formatDollars(m.cashCollected)],
    [FIGURES.expensesUsd.label, formatDollars(m.expensesUsd)],
    [FIGURES.net.label, formatDollars(m.net)],
    [FIGURES.margin.label, formatMargin(m.net, m.cashCollected)],
  ] as const;

/** Net per month as bars around zero, with a dollar axis, month labels and each month's figures on hover and focus. */
export default function ProfitChart({ months }: { months: readonly ProfitMonth[] }) {
  const points = months.map((m) => ({ ...m, start: `${m.month}-01` }));
  return (
    <>
      <ChunkStyles name="uplot" css={uPlotCss} />
      <Chart
        title={`${FIGURES.net.label} per month (USD): ${FIGURES.cashCollected.label.toLowerCase()} less expenses`}
        points={points}
        series={netSeries}
        interval="month"
        formatValue={formatDollars}
        formatAxis={formatAxisDollars}
        minTop={10}
        tooltipRows={monthRows}
      />
    </>
  );
}
