import { Paper, SimpleGrid, Text } from '@mantine/core';
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
} from 'recharts';

import { formatChartMoney, formatCompactMoney, toChartNumber } from '@/lib/money';

import type { PeriodSummary } from '../api/reports';
import { hasBudget, periodSeries, topAccounts } from '../lib/summary-series';

/** How many accounts the composition chart names. */
const COMPOSITION_ACCOUNTS_MAX = 6;

const PALETTE = ['#4f46e5', '#6366f1', '#818cf8', '#a5b4fc', '#c7d2fe', '#e0e7ff'];

type SummaryChartsProps = {
  summary: PeriodSummary;
  currency: string;
  color: string;
  title: string;
};

/** Trend per period (with the budget when one is set) and the largest accounts. */
export function SummaryCharts({ summary, currency, color, title }: SummaryChartsProps) {
  const series = periodSeries(summary);
  const withBudget = hasBudget(summary);
  const composition = topAccounts(summary.rows, COMPOSITION_ACCOUNTS_MAX).map((row) => ({
    name: `${row.account_code} · ${row.name}`,
    amount: toChartNumber(row.total),
    exact: row.total,
  }));
  const money = (value: unknown) => formatChartMoney(value, currency);

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
        <ResponsiveContainer width="100%" height={240}>
          <ComposedChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e4e4e7" />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} tickLine={false} axisLine={false} />
            <YAxis
              tick={{ fontSize: 11 }}
              tickLine={false}
              axisLine={false}
              width={64}
              tickFormatter={(value: number) => formatCompactMoney(value, currency)}
            />
            <Tooltip formatter={money} />
            <Bar dataKey="amount" name={title} fill={color} radius={[4, 4, 0, 0]} maxBarSize={48} />
            {withBudget && (
              <Line dataKey="budget" name="Budget" stroke="#f59e0b" strokeWidth={2} dot={false} />
            )}
          </ComposedChart>
        </ResponsiveContainer>
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
          <ResponsiveContainer width="100%" height={240}>
            <BarChart data={composition} layout="vertical" margin={{ left: 0, right: 16 }}>
              <XAxis type="number" hide />
              <YAxis
                type="category"
                dataKey="name"
                width={140}
                tick={{ fontSize: 11 }}
                tickLine={false}
                axisLine={false}
              />
              <Tooltip formatter={money} />
              <Bar dataKey="amount" name="Total" radius={[0, 4, 4, 0]} maxBarSize={22}>
                {composition.map((entry, index) => (
                  <Cell key={entry.name} fill={PALETTE[index % PALETTE.length]} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        )}
      </Paper>
    </SimpleGrid>
  );
}
