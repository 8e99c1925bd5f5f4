/**
 * The payroll cost's stacked bars, loaded with the chart library when they first draw
 * (`payroll-cost-chart` through `lazyChart`), so the card's figures draw without it.
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

import { COST_COMPONENTS, COST_PLOT_HEIGHT, type CostPoint } from '../lib/cost-series';

export function PayrollCostBars({ series, currency }: { series: CostPoint[]; currency: string }) {
  return (
    <ResponsiveContainer width="100%" height={COST_PLOT_HEIGHT}>
      <BarChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid {...CHART_GRID} />
        <XAxis dataKey="label" {...AXIS_TICKS} />
        <YAxis {...moneyAxis(currency)} />
        <Tooltip
          {...moneyTooltip(currency)}
          // Top of the stack first, as the bar reads.
          itemSorter={(item) => -COST_COMPONENTS.findIndex((c) => c.field === item.dataKey)}
        />
        <Legend
          iconType="circle"
          iconSize={8}
          wrapperStyle={{ fontSize: 12 }}
          // In stacking order, not alphabetical: earnings first, then the employer's share.
          itemSorter={null}
        />
        {COST_COMPONENTS.map(({ field, label, color }, index) => (
          <Bar
            {...DRAWN_AT_ONCE}
            key={field}
            dataKey={field}
            name={label}
            stackId="cost"
            fill={color}
            maxBarSize={44}
            radius={index === COST_COMPONENTS.length - 1 ? [4, 4, 0, 0] : undefined}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
