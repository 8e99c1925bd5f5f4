/**
 * The bars of a statement's chart, loaded with the chart library when they first draw
 * (`statement-chart` through `lazyChart`), so the statement's rows draw without it.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from '@/lib/charts';

import { AXIS_TICKS, CHART_GRID, DRAWN_AT_ONCE, moneyAxis, moneyTooltip } from '@/lib/chart-axes';
import { toChartNumber } from '@/lib/money';

import { STATEMENT_PLOT_HEIGHT, type StatementBarsProps } from './statement-chart';

export function StatementBars({ bars, currency, currentLabel, compareLabel }: StatementBarsProps) {
  const data = bars.map((b) => ({
    label: b.label,
    current: toChartNumber(b.current),
    compare: b.compare == null ? undefined : toChartNumber(b.compare),
  }));
  return (
    <ResponsiveContainer width="100%" height={STATEMENT_PLOT_HEIGHT}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid {...CHART_GRID} />
        <XAxis dataKey="label" {...AXIS_TICKS} />
        <YAxis {...moneyAxis(currency, 72)} />
        <Tooltip {...moneyTooltip(currency)} />
        <Legend />
        <Bar
          {...DRAWN_AT_ONCE}
          dataKey="current"
          name={currentLabel}
          fill="#4f46e5"
          radius={[3, 3, 0, 0]}
        />
        {compareLabel && (
          <Bar
            {...DRAWN_AT_ONCE}
            dataKey="compare"
            name={compareLabel}
            fill="#a5b4fc"
            radius={[3, 3, 0, 0]}
          />
        )}
      </BarChart>
    </ResponsiveContainer>
  );
}
