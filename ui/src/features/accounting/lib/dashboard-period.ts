/**
 * The dashboard's period: this month, this quarter or this year to date, the last 12
 * months (the default), or a custom range. Every period ends today at the latest, since the
 * cash figure stands at its end; the range travels in the URL like a report's.
 */
import { periodBounds, trailingRange } from './periods';

export const DASHBOARD_PERIODS = ['month', 'quarter', 'year', 'last12', 'custom'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export const DASHBOARD_PERIOD_LABELS: Record<DashboardPeriod, string> = {
  month: 'This month',
  quarter: 'This quarter',
  year: 'This year',
  last12: 'Last 12 months',
  custom: 'Custom',
};

export function isDashboardPeriod(value: string): value is DashboardPeriod {
  return (DASHBOARD_PERIODS as readonly string[]).includes(value);
}

/** The days a period covers as of `today`; a custom one is `custom` as given. */
export function dashboardRange(
  period: DashboardPeriod,
  today: string,
  custom: { from: string; to: string },
): { from: string; to: string } {
  switch (period) {
    case 'month':
    case 'quarter':
    case 'year':
      return { from: periodBounds(today, period).from, to: today };
    case 'last12':
      return { from: trailingRange(today, 'month').from, to: today };
    case 'custom':
      return custom;
  }
}

/** The dashboard's address when it names nothing: the last twelve months. */
export const dashboardDefaults = () => ({ period: 'last12', from: '', to: '' });

/** The days the dashboard's address asks for, as of `today`. */
export function dashboardRangeOf(
  values: { period: string; from: string; to: string },
  today: string,
): { from: string; to: string } {
  const period: DashboardPeriod = isDashboardPeriod(values.period) ? values.period : 'last12';
  return dashboardRange(period, today, { from: values.from || today, to: values.to || today });
}
