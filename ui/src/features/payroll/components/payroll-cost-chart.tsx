import { Group, Paper, Select, Text } from '@mantine/core';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

import { AXIS_TICKS, CHART_GRID, moneyAxis, moneyTooltip } from '@/lib/chart-axes';
import { formatMoney } from '@/lib/money';

import { usePayrollSummary } from '../api/pay-runs';
import { COST_COMPONENTS, costSeries } from '../lib/cost-series';

type PayrollCostChartProps = {
  workspaceId: string;
  currency: string;
  year: number;
  onYearChange: (year: number) => void;
  /** Years to choose from, newest first. */
  years: number[];
};

/** The year's posted payroll per month, the employer's cost stacked by component. */
export function PayrollCostChart({
  workspaceId,
  currency,
  year,
  onYearChange,
  years,
}: PayrollCostChartProps) {
  const { data: summary } = usePayrollSummary(workspaceId, year);
  const series = summary ? costSeries(summary) : [];

  return (
    <Paper withBorder radius="md" p="md" data-testid="payroll-cost-chart">
      <Group justify="space-between" align="flex-start" mb="xs" wrap="wrap" gap="xs">
        <div>
          <Text fw={600} size="sm">
            Monthly payroll cost
          </Text>
          <Text size="xs" c="dimmed">
            Posted runs, employer cost by component
            {summary && (
              <>
                {' · '}
                {year}:{' '}
                <b data-testid="payroll-year-cost">
                  {formatMoney(summary.totals.employer_cost, currency)}
                </b>
              </>
            )}
          </Text>
        </div>
        <Select
          size="xs"
          aria-label="Year"
          data={years.map(String)}
          value={String(year)}
          onChange={(value) => value && onYearChange(Number(value))}
          allowDeselect={false}
          w={96}
        />
      </Group>
      <ResponsiveContainer width="100%" height={260}>
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
    </Paper>
  );
}
