/**
 * The debts' plots, loaded with the chart library when one first draws
 * (`lazy-debt-plots`), so a debt's figures and schedule, and the aging grid, draw
 * without waiting for it.
 */
import {
  Area,
  AreaChart,
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
import { formatDate, formatDateText } from '@/lib/format-date-time';

import { BUCKETS } from '../api/aging';
import {
  AGING_PLOT_HEIGHT,
  BALANCE_PLOT_HEIGHT,
  type AgingBarsProps,
  type BalancePlotProps,
} from './lazy-debt-plots';

/** Greens to reds: the older, the warmer. */
const BUCKET_COLORS = ['#0d9488', '#eab308', '#f97316', '#ef4444', '#991b1b'] as const;

/** A debt's balance after each instalment, stepping down on each due date. */
export function BalancePlot({ series, currency }: BalancePlotProps) {
  return (
    <ResponsiveContainer width="100%" height={BALANCE_PLOT_HEIGHT}>
      <AreaChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid {...CHART_GRID} />
        <XAxis dataKey="date" {...AXIS_TICKS} tickFormatter={(date: string) => formatDate(date)} />
        <YAxis {...moneyAxis(currency)} />
        <Tooltip
          {...moneyTooltip(currency)}
          labelFormatter={(date: unknown) => formatDateText(String(date))}
        />
        <Area
          {...DRAWN_AT_ONCE}
          dataKey="balance"
          name="Balance"
          stroke="#4f46e5"
          fill="#e0e7ff"
          strokeWidth={2}
          type="stepAfter"
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}

/** What is outstanding per direction, stacked by how long it has been overdue. */
export function AgingBars({ series, currency }: AgingBarsProps) {
  return (
    <ResponsiveContainer width="100%" height={AGING_PLOT_HEIGHT}>
      <BarChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid {...CHART_GRID} />
        <XAxis dataKey="name" {...AXIS_TICKS} />
        <YAxis {...moneyAxis(currency)} />
        <Tooltip {...moneyTooltip(currency)} />
        <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
        {BUCKETS.map(({ field, label }, index) => (
          <Bar
            {...DRAWN_AT_ONCE}
            key={field}
            dataKey={field}
            name={label}
            stackId="aging"
            fill={BUCKET_COLORS[index]}
            maxBarSize={44}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
