/**
 * What the summary charts draw, from the server's summary: one point per period (amount
 * and budget) and the accounts that make up the total. Chart geometry needs numbers;
 * ranking and totals stay exact (integer cents).
 */
import { centsOf, toChartNumber } from '@/lib/money';

import type { PeriodSummary, SummaryRow } from '../api/reports';

import { periodLabel } from './periods';

/** Each summary plot's height, which its place holds while the chart library loads. */
export const SUMMARY_PLOT_HEIGHT = 240;

export type PeriodPoint = { key: string; label: string; amount: number; budget: number };

export function periodSeries(summary: PeriodSummary): PeriodPoint[] {
  return summary.periods.map((period, index) => ({
    key: period.key,
    label: periodLabel(period.key),
    amount: toChartNumber(summary.totals.amounts[index]),
    budget: toChartNumber(summary.totals.budgets[index]),
  }));
}

export function hasBudget(summary: PeriodSummary): boolean {
  return centsOf(summary.totals.budget_total) !== 0n;
}

/** The `count` largest accounts that take postings, largest first (exact comparison). */
export function topAccounts(rows: readonly SummaryRow[], count: number): SummaryRow[] {
  return rows
    .filter((row) => row.is_last_level && centsOf(row.total) !== 0n)
    .sort((a, b) => {
      const x = centsOf(a.total);
      const y = centsOf(b.total);
      return x === y ? a.account_code.localeCompare(b.account_code) : x > y ? -1 : 1;
    })
    .slice(0, count);
}
