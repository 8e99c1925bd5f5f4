/**
 * Charts loaded with the chart library the first time one draws, so a screen's figures
 * and grids draw without waiting for it. Until then a box of the chart's height holds its
 * place, so nothing below it moves.
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

type SlotProps = { height: number; children: ReactNode };

/**
 * A chart whose code could not be fetched (the connection dropped, a new version was
 * deployed meanwhile) says so in its own box; the rest of the screen stays.
 */
class ChartLoadBoundary extends Component<SlotProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Center h={this.props.height} data-testid="plot-failed">
        <Text size="sm" c="dimmed" ta="center">
          The chart could not be loaded. Reload the page to try again.
        </Text>
      </Center>
    );
  }
}

function ChartSlot({ height, children }: SlotProps) {
  return (
    <ChartLoadBoundary height={height}>
      <Suspense fallback={<Skeleton h={height} data-testid="plot-loading" />}>{children}</Suspense>
    </ChartLoadBoundary>
  );
}

/** A chart component of a lazily loaded module, drawn in a slot `height` px high. */
export function lazyChart<P extends object>(load: () => Promise<ComponentType<P>>, height: number) {
  const Loaded = lazy(() => load().then((chart) => ({ default: chart })));
  return function LazyChart(props: P) {
    return <ChartSlot height={height}>{createElement(Loaded, props)}</ChartSlot>;
  };
}
