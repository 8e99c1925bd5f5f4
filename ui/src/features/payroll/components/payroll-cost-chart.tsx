import { Group, Paper, Select, Text } from '@mantine/core';
import { lazyChart } from '@/components/ui/lazy-chart';
import { formatMoney } from '@/lib/money';

import { usePayrollSummary } from '../api/pay-runs';
import { COST_PLOT_HEIGHT, costSeries } from '../lib/cost-series';

const LazyPayrollCostBars = lazyChart(
  () => import('./payroll-cost-bars').then((m) => m.PayrollCostBars),
  COST_PLOT_HEIGHT,
);

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
      <LazyPayrollCostBars series={series} currency={currency} />
    </Paper>
  );
}
