import { screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';

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
  const slot = within(card).getByTestId('plot-loading');
  expect(slot.style.height).toBe(`calc(${STATEMENT_PLOT_HEIGHT / 16}rem * var(--mantine-scale))`);
  expect(card.querySelector('.recharts-responsive-container')).toBeNull();

  // The chart library's first import in a test run takes a few seconds to transform.
  await waitFor(() => expect(card.querySelector('.recharts-responsive-container')).not.toBeNull(), {
    timeout: 15_000,
  });
  expect(within(card).queryByTestId('plot-loading')).not.toBeInTheDocument();
});
