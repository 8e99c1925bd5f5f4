/**
 * What every lazily loaded plot promises (`components/ui/lazy-chart`): its place is held
 * at its height while the chart library loads, then the plot draws there.
 */
import { waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/** Mantine's rendering of a height given in px, as the slot's style carries it. */
const slotHeight = (px: number) => `calc(${px / 16}rem * var(--mantine-scale))`;

/** The chart library's first import in a test run takes a few seconds to transform. */
const CHART_LOAD_MS = 15_000;

/** `scope` holds one plot's slot, `heightPx` high and empty, then the plot itself. */
export async function expectPlotHeldThenDrawn(scope: HTMLElement, heightPx: number) {
  const slot = within(scope).getByTestId('plot-loading');
  expect(slot.style.height).toBe(slotHeight(heightPx));
  expect(scope.querySelector('.recharts-responsive-container')).toBeNull();
  await waitFor(
    () => expect(scope.querySelector('.recharts-responsive-container')).not.toBeNull(),
    { timeout: CHART_LOAD_MS },
  );
  expect(within(scope).queryByTestId('plot-loading')).not.toBeInTheDocument();
}
