import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import {
  AGING_PLOT_HEIGHT,
  BALANCE_PLOT_HEIGHT,
  LazyAgingBars,
  LazyBalancePlot,
} from './lazy-debt-plots';

const slotHeight = (px: number) => `calc(${px / 16}rem * var(--mantine-scale))`;

async function expectHeldThenDrawn(container: ReturnType<typeof render>['container'], px: number) {
  const slot = screen.getByTestId('plot-loading');
  expect(slot.style.height).toBe(slotHeight(px));
  expect(container.querySelector('.recharts-responsive-container')).toBeNull();
  // The chart library's first import in a test run takes a few seconds to transform.
  await waitFor(
    () => expect(container.querySelector('.recharts-responsive-container')).not.toBeNull(),
    { timeout: 15_000 },
  );
  expect(screen.queryByTestId('plot-loading')).not.toBeInTheDocument();
}

describe('the debts’ plots', () => {
  it('a debt’s balance holds its height until the chart library arrives, then draws', async () => {
    const { container } = renderWithProviders(
      <LazyBalancePlot
        series={[
          { date: '2026-01-31', balance: 900000 },
          { date: '2026-02-28', balance: 800000 },
        ]}
        currency="NGN"
      />,
    );
    await expectHeldThenDrawn(container, BALANCE_PLOT_HEIGHT);
  });

  it('the aging bars hold their height until the chart library arrives, then draw', async () => {
    const { container } = renderWithProviders(
      <LazyAgingBars series={[{ name: 'Zenith Bank', current: 500000 }]} currency="NGN" />,
    );
    await expectHeldThenDrawn(container, AGING_PLOT_HEIGHT);
  });
});
