import { Paper, Text } from '@mantine/core';
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
import { toChartNumber } from '@/lib/money';

export type ChartBar = { label: string; current: string; compare?: string | null };

/**
 * The statement's key figures as bars, beside the comparison column's when shown. The
 * bars plot the server's decimal strings; the tooltip shows them exactly.
 */
export function StatementChart({
  title,
  bars,
  currency,
  currentLabel,
  compareLabel,
}: {
  title: string;
  bars: ChartBar[];
  currency: string;
  currentLabel: string;
  compareLabel?: string | null;
}) {
  const data = bars.map((b) => ({
    label: b.label,
    current: toChartNumber(b.current),
    compare: b.compare == null ? undefined : toChartNumber(b.compare),
  }));
  return (
    <Paper withBorder radius="md" p="md" mb="md" data-testid="statement-chart">
      <Text fw={600} size="sm" mb="xs">
        {title}
      </Text>
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid {...CHART_GRID} />
          <XAxis dataKey="label" {...AXIS_TICKS} />
          <YAxis {...moneyAxis(currency, 72)} />
          <Tooltip {...moneyTooltip(currency)} />
          <Legend />
          <Bar dataKey="current" name={currentLabel} fill="#4f46e5" radius={[3, 3, 0, 0]} />
          {compareLabel && (
            <Bar dataKey="compare" name={compareLabel} fill="#a5b4fc" radius={[3, 3, 0, 0]} />
          )}
        </BarChart>
      </ResponsiveContainer>
    </Paper>
  );
}
