import { Paper, SimpleGrid, Text } from '@mantine/core';

import { lazyChart } from '@/components/ui/lazy-chart';
import { toChartNumber } from '@/lib/money';

import type { PeriodSummary } from '../api/reports';
import { SUMMARY_PLOT_HEIGHT, hasBudget, periodSeries, topAccounts } from '../lib/summary-series';

/** How many accounts the composition chart names. */
const COMPOSITION_ACCOUNTS_MAX = 6;

const plots = () => import('./summary-plots');
const LazyPeriodTrendPlot = lazyChart(
  () => plots().then((m) => m.PeriodTrendPlot),
  SUMMARY_PLOT_HEIGHT,
);
const LazyCompositionPlot = lazyChart(
  () => plots().then((m) => m.CompositionPlot),
  SUMMARY_PLOT_HEIGHT,
);

type SummaryChartsProps = {
  summary: PeriodSummary;
  currency: string;
  color: string;
  title: string;
};

/**
 * Trend per period (with the budget when one is set) and the largest accounts. The cards
 * draw at once; their plots when the chart library is in.
 */
export function SummaryCharts({ summary, currency, color, title }: SummaryChartsProps) {
  const composition = topAccounts(summary.rows, COMPOSITION_ACCOUNTS_MAX).map((row) => ({
    name: `${row.account_code} · ${row.name}`,
    amount: toChartNumber(row.total),
  }));

  return (
    <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md" mb="md">
      <Paper
        withBorder
        radius="md"
        p="md"
        style={{ gridColumn: 'span 2' }}
        data-testid="summary-chart"
      >
        <Text fw={600} size="sm" mb="xs">
          {title} by period
        </Text>
        <LazyPeriodTrendPlot
          series={periodSeries(summary)}
          withBudget={hasBudget(summary)}
          currency={currency}
          color={color}
          title={title}
        />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Text fw={600} size="sm" mb="xs">
          Largest accounts
        </Text>
        {composition.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing posted in this range.
          </Text>
        ) : (
          <LazyCompositionPlot composition={composition} currency={currency} />
        )}
      </Paper>
    </SimpleGrid>
  );
}
