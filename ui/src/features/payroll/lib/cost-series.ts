/**
 * The yearly summary as chart rows: one per month, January first, the employer's cost
 * split into what makes it up. Numbers here are bar heights only; every figure shown as
 * text comes from the server's decimal strings.
 */
import { formatMonth } from '@/lib/format-date-time';
import { toChartNumber } from '@/lib/money';

import type { PayrollSummary, TotalField } from '../api/pay-runs';
import { periodsOfYear } from './periods';

/** The parts of the employer's cost, stacked in this order. */
export const COST_COMPONENTS: { field: TotalField; label: string; color: string }[] = [
  { field: 'basic', label: 'Basic', color: '#4f46e5' },
  { field: 'housing', label: 'Housing', color: '#6366f1' },
  { field: 'transport', label: 'Transport', color: '#818cf8' },
  { field: 'other', label: 'Other allowances', color: '#a5b4fc' },
  { field: 'pension_employer', label: 'Employer pension', color: '#0d9488' },
  { field: 'nsitf', label: 'NSITF', color: '#f59e0b' },
  { field: 'itf', label: 'ITF', color: '#fb7185' },
];

/** The cost plot's height, which its place holds while the chart library loads. */
export const COST_PLOT_HEIGHT = 260;

export type CostPoint = { period: string; label: string } & Partial<Record<TotalField, number>>;

export function costSeries(summary: PayrollSummary): CostPoint[] {
  const byPeriod = new Map(summary.months.map((m) => [m.period, m.totals]));
  return periodsOfYear(summary.year).map((period) => {
    const totals = byPeriod.get(period);
    const point: CostPoint = { period, label: formatMonth(period).split(' ')[0] ?? period };
    for (const { field } of COST_COMPONENTS)
      point[field] = totals ? toChartNumber(totals[field]) : 0;
    return point;
  });
}
