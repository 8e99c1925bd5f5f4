/**
 * The result's plots, loaded with the chart library the first time one draws. Until
 * then a box of the plot's height holds its place, so nothing below it moves.
 */
import { Center, Skeleton, Text } from '@mantine/core';
import {
  Component,
  Suspense,
  createElement,
  lazy,
  type ComponentType,
  type ReactNode,
} from 'react';

import { PLOT_HEIGHT } from './audit-format';

/**
 * A plot whose code could not be fetched (the connection dropped, a new version was
 * deployed meanwhile) says so in its own box; the rest of the result stays on screen.
 */
class PlotLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Center h={PLOT_HEIGHT} data-testid="plot-failed">
        <Text size="sm" c="dimmed" ta="center">
          The chart could not be loaded. Reload the page to try again.
        </Text>
      </Center>
    );
  }
}

function PlotSlot({ children }: { children: ReactNode }) {
  return (
    <PlotLoadBoundary>
      <Suspense fallback={<Skeleton h={PLOT_HEIGHT} data-testid="plot-loading" />}>
        {children}
      </Suspense>
    </PlotLoadBoundary>
  );
}

const plots = () => import('./result-plots');

/** A plot of the plots module, drawn in a slot once the module is in. */
function lazyPlot<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Loaded = lazy(() => load().then((plot) => ({ default: plot })));
  return function LazyPlot(props: P) {
    return <PlotSlot>{createElement(Loaded, props)}</PlotSlot>;
  };
}

export const LazyRiskBandBars = lazyPlot(() => plots().then((m) => m.RiskBandBars));
export const LazyDigitProportions = lazyPlot(() => plots().then((m) => m.DigitProportions));
