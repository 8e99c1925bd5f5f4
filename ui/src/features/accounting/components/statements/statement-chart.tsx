import { Paper, Text } from '@mantine/core';

import { lazyChart } from '@/components/ui/lazy-chart';

export type ChartBar = { label: string; current: string; compare?: string | null };

export type StatementBarsProps = {
  bars: ChartBar[];
  currency: string;
  currentLabel: string;
  compareLabel?: string | null;
};

/** The bars' height, which their place holds while the chart library loads. */
export const STATEMENT_PLOT_HEIGHT = 220;

const LazyStatementBars = lazyChart<StatementBarsProps>(
  () => import('./statement-bars').then((m) => m.StatementBars),
  STATEMENT_PLOT_HEIGHT,
);

/**
 * The statement's key figures as bars, beside the comparison column's when shown. The
 * bars plot the server's decimal strings; the tooltip shows them exactly. The card and
 * its title draw at once; the bars when the chart library has arrived.
 */
export function StatementChart({ title, ...bars }: StatementBarsProps & { title: string }) {
  return (
    <Paper withBorder radius="md" p="md" mb="md" data-testid="statement-chart">
      <Text fw={600} size="sm" mb="xs">
        {title}
      </Text>
      <LazyStatementBars {...bars} />
    </Paper>
  );
}
