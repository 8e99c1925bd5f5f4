/**
 * The result's plots, loaded with the chart library the first time one draws (see
 * `lazyChart`): the session's figures, findings and tests draw without waiting for it.
 */
import { lazyChart } from '@/components/ui/lazy-chart';

import { PLOT_HEIGHT } from './audit-format';

const plots = () => import('./result-plots');

export const LazyRiskBandBars = lazyChart(() => plots().then((m) => m.RiskBandBars), PLOT_HEIGHT);
export const LazyDigitProportions = lazyChart(
  () => plots().then((m) => m.DigitProportions),
  PLOT_HEIGHT,
);
