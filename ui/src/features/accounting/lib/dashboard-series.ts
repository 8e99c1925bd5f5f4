/**
 * What the dashboard's bars draw, from the server's dashboard: one income and expenses
 * pair per month. Kept apart from the plot so the view can lay out its place without
 * loading the chart library.
 */
import { toChartNumber } from '@/lib/money';

import type { MonthFigures } from '../api/dashboard';

import { periodLabel } from './periods';

/** The plot's height, which its place holds while the chart library loads. */
export const DASHBOARD_PLOT_HEIGHT = 260;

export type MonthBars = { label: string; Income: number; Expenses: number };

export function monthlySeries(months: readonly MonthFigures[]): MonthBars[] {
  return months.map((month) => ({
    label: periodLabel(month.month),
    Income: toChartNumber(month.income),
    Expenses: toChartNumber(month.expenses),
  }));
}
