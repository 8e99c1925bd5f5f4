/**
 * The result's plots, loaded with the chart library the first time one draws. Until
 * then a box of the plot's height holds its place, so nothing below it moves.
 */
import { Skeleton } from '@mantine/core';
import { Suspense, lazy, type ComponentProps, type ReactNode } from 'react';

import { PLOT_HEIGHT } from './audit-format';

import type { DigitProportions, RiskBandBars } from './result-plots';

const plots = () => import('./result-plots');
const LoadedRiskBandBars = lazy(() => plots().then((m) => ({ default: m.RiskBandBars })));
const LoadedDigitProportions = lazy(() =>
  plots().then((m) => ({ default: m.DigitProportions })),
);

function PlotSlot({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<Skeleton h={PLOT_HEIGHT} data-testid="plot-loading" />}>
      {children}
    </Suspense>
  );
}

export function LazyRiskBandBars(props: ComponentProps<typeof RiskBandBars>) {
  return (
    <PlotSlot>
      <LoadedRiskBandBars {...props} />
    </PlotSlot>
  );
}

export function LazyDigitProportions(props: ComponentProps<typeof DigitProportions>) {
  return (
    <PlotSlot>
      <LoadedDigitProportions {...props} />
    </PlotSlot>
  );
}
