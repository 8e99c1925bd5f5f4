/**
 * The debts' plots, loaded with the chart library the first time one draws (see
 * `lazyChart`); until then each holds its place at its height.
 */
import { lazyChart } from '@/components/ui/lazy-chart';

export const BALANCE_PLOT_HEIGHT = 220;
export const AGING_PLOT_HEIGHT = 260;

/** One instalment's point: its due date (ISO) and the balance left after it. */
export type BalancePlotProps = {
  series: { date: string; balance: number }[];
  currency: string;
};

/** One debt's bar: its name and what is outstanding in each bucket. */
export type AgingBarsProps = {
  series: ({ name: string } & Record<string, number | string>)[];
  currency: string;
};

const plots = () => import('./debt-plots');

export const LazyBalancePlot = lazyChart<BalancePlotProps>(
  () => plots().then((m) => m.BalancePlot),
  BALANCE_PLOT_HEIGHT,
);
export const LazyAgingBars = lazyChart<AgingBarsProps>(
  () => plots().then((m) => m.AgingBars),
  AGING_PLOT_HEIGHT,
);
