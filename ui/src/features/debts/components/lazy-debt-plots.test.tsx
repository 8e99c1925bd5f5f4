import { describe, it } from 'vitest';

import { expectPlotHeldThenDrawn } from '@/testing/lazy-plot';
import { renderWithProviders } from '@/testing/test-utils';

import {
  AGING_PLOT_HEIGHT,
  BALANCE_PLOT_HEIGHT,
  LazyAgingBars,
  LazyBalancePlot,
} from './lazy-debt-plots';

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
    await expectPlotHeldThenDrawn(container, BALANCE_PLOT_HEIGHT);
  });

  it('the aging bars hold their height until the chart library arrives, then draw', async () => {
    const { container } = renderWithProviders(
      <LazyAgingBars series={[{ name: 'Zenith Bank', current: 500000 }]} currency="NGN" />,
    );
    await expectPlotHeldThenDrawn(container, AGING_PLOT_HEIGHT);
  });
});
