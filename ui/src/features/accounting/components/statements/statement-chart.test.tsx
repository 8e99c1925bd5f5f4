import { screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';

import { expectPlotHeldThenDrawn } from '@/testing/lazy-plot';
import { renderWithProviders } from '@/testing/test-utils';

import { STATEMENT_PLOT_HEIGHT, StatementChart } from './statement-chart';

it('draws its card and title at once and holds the bars’ height until the chart library arrives', async () => {
  renderWithProviders(
    <StatementChart
      title="Key figures"
      bars={[{ label: 'Assets', current: '6350000.00', compare: '5400000.00' }]}
      currency="NGN"
      currentLabel="31 Dec 2026"
      compareLabel="31 Dec 2025"
    />,
  );

  const card = screen.getByTestId('statement-chart');
  expect(within(card).getByText('Key figures')).toBeInTheDocument();
  await expectPlotHeldThenDrawn(card, STATEMENT_PLOT_HEIGHT);
});
