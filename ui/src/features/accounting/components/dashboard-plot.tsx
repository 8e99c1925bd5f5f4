/**
 * The dashboard's income-against-expenses bars. Loaded with the chart library when it
 * first draws (`dashboard-view` through `lazyChart`), so the headline figures draw
 * without waiting for the library.
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

import { DASHBOARD_PLOT_HEIGHT, type MonthBars } from '../lib/dashboard-series';

export function IncomeExpenseBars({ series, currency }: { series: MonthBars[]; currency: string }) {
  return (
    <ResponsiveContainer width="100%" height={DASHBOARD_PLOT_HEIGHT}>
      <BarChart data={series} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
        <CartesianGrid {...CHART_GRID} />
        <XAxis dataKey="label" {...AXIS_TICKS} />
        <YAxis {...moneyAxis(currency)} />
        <Tooltip {...moneyTooltip(currency)} />
        <Legend iconType="circle" wrapperStyle={{ fontSize: 12 }} />
        <Bar
          {...DRAWN_AT_ONCE}
          dataKey="Income"
          fill="#0d9488"
          radius={[3, 3, 0, 0]}
          maxBarSize={22}
        />
        <Bar
          {...DRAWN_AT_ONCE}
          dataKey="Expenses"
          fill="#f97316"
          radius={[3, 3, 0, 0]}
          maxBarSize={22}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
