import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { expectPlotHeldThenDrawn } from '@/testing/lazy-plot';
import { renderWithProviders } from '@/testing/test-utils';

import { PLOT_HEIGHT } from './audit-format';
import { RiskDistributionChart } from './risk-distribution-chart';

describe('the audit result’s plots', () => {
  it('draw the card at once and hold the plot’s height until the chart library arrives', async () => {
    const { container } = renderWithProviders(
      <RiskDistributionChart distribution={{ low: 40, medium: 3, high: 1 }} />,
    );

    // The card's title is on screen before the chart library's chunk is loaded.
    expect(screen.getByText('Risk distribution')).toBeInTheDocument();
    await expectPlotHeldThenDrawn(container, PLOT_HEIGHT);
  });
});
