import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { RiskDistributionChart } from './risk-distribution-chart';

// The plots' chunk cannot be fetched.
vi.mock('./result-plots', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('an audit result plot whose code cannot be fetched', () => {
  it('says so in its own box and leaves its card on screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<RiskDistributionChart distribution={{ low: 40, medium: 3, high: 1 }} />);

    expect(
      await screen.findByText('The chart could not be loaded. Reload the page to try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Risk distribution')).toBeInTheDocument();
    expect(screen.queryByTestId('plot-loading')).not.toBeInTheDocument();
  });
});
