/**
 * An asset's net book value by month, loaded with the chart library when it first draws
 * (`asset-detail` through `lazyChart`), so the asset's figures and schedule draw without it.
 */
import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from '@/lib/charts';

import { AXIS_TICKS, CHART_GRID, DRAWN_AT_ONCE, moneyAxis, moneyTooltip } from '@/lib/chart-axes';
import { formatMonth } from '@/lib/format-date-time';

import { NBV_PLOT_HEIGHT, type NbvPoint } from '../lib/nbv-series';

export function NbvPlot({ series, currency }: { series: NbvPoint[]; currency: string }) {
  return (
    <ResponsiveContainer width="100%" height={NBV_PLOT_HEIGHT}>
      <LineChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid {...CHART_GRID} />
        <XAxis
          dataKey="period"
          {...AXIS_TICKS}
          tickFormatter={(period: string) => formatMonth(period)}
        />
        <YAxis {...moneyAxis(currency)} />
        <Tooltip
          {...moneyTooltip(currency)}
          labelFormatter={(period: unknown) => formatMonth(String(period), 'long')}
        />
        <Line
          {...DRAWN_AT_ONCE}
          dataKey="nbv"
          name="Net book value"
          stroke="#4f46e5"
          strokeWidth={2}
          dot={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
