/**
 * The summary's two plots, drawn with the chart library. Loaded when a summary first
 * draws its charts (`summary-charts.tsx`), so its table draws without waiting for it.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Line,
  ComposedChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from '@/lib/charts';

import { AXIS_TICKS, CHART_GRID, DRAWN_AT_ONCE, moneyAxis, moneyTooltip } from '@/lib/chart-axes';

import { SUMMARY_PLOT_HEIGHT, type PeriodPoint } from '../lib/summary-series';

const PALETTE = ['#4f46e5', '#6366f1', '#818cf8', '#a5b4fc', '#c7d2fe', '#e0e7ff'];

type PeriodTrendProps = {
  series: PeriodPoint[];
  withBudget: boolean;
  currency: string;
  color: string;
  title: string;
};

/** The total per period, with the budget's line when one is set. */
export function PeriodTrendPlot({ series, withBudget, currency, color, title }: PeriodTrendProps) {
  return (
    <ResponsiveContainer width="100%" height={SUMMARY_PLOT_HEIGHT}>
      <ComposedChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid {...CHART_GRID} />
        <XAxis dataKey="label" {...AXIS_TICKS} />
        <YAxis {...moneyAxis(currency)} />
        <Tooltip {...moneyTooltip(currency)} />
        <Bar
          {...DRAWN_AT_ONCE}
          dataKey="amount"
          name={title}
          fill={color}
          radius={[4, 4, 0, 0]}
          maxBarSize={48}
        />
        {withBudget && (
          <Line
            {...DRAWN_AT_ONCE}
            dataKey="budget"
            name="Budget"
            stroke="#f59e0b"
            strokeWidth={2}
            dot={false}
          />
        )}
      </ComposedChart>
    </ResponsiveContainer>
  );
}

export type CompositionPoint = { name: string; amount: number };

/** The largest accounts' totals, one bar each. */
export function CompositionPlot({
  composition,
  currency,
}: {
  composition: CompositionPoint[];
  currency: string;
}) {
  return (
    <ResponsiveContainer width="100%" height={SUMMARY_PLOT_HEIGHT}>
      <BarChart data={composition} layout="vertical" margin={{ left: 0, right: 16 }}>
        <XAxis type="number" hide />
        <YAxis type="category" dataKey="name" width={140} {...AXIS_TICKS} />
        <Tooltip {...moneyTooltip(currency)} />
        <Bar {...DRAWN_AT_ONCE} dataKey="amount" name="Total" radius={[0, 4, 4, 0]} maxBarSize={22}>
          {composition.map((entry, index) => (
            <Cell key={entry.name} fill={PALETTE[index % PALETTE.length]} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
