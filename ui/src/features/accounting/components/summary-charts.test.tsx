import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import type { PeriodSummary, SummaryRow } from '../api/reports';
import { SUMMARY_PLOT_HEIGHT } from '../lib/summary-series';

import { SummaryCharts } from './summary-charts';

const sales: SummaryRow = {
  account_id: 'a-sales',
  account_code: '4100',
  name: 'Sales of goods',
  parent_id: null,
  is_last_level: true,
  amounts: ['1200.00'],
  budgets: ['0.00'],
  variances: ['0.00'],
  variance_percents: [null],
  total: '1200.00',
  budget_total: '0.00',
  variance_total: '0.00',
  variance_percent_total: null,
};

const summary: PeriodSummary = {
  account_type: 'income',
  from: '2026-01-01',
  to: '2026-01-31',
  granularity: 'month',
  periods: [{ key: '2026-01', from: '2026-01-01', to: '2026-01-31' }],
  rows: [sales],
  totals: { ...sales, account_id: '', account_code: '', name: 'Total' },
};

describe('the summary charts', () => {
  it('draw their cards at once and hold each plot’s height until the chart library arrives', async () => {
    const { container } = renderWithProviders(
      <SummaryCharts summary={summary} currency="NGN" color="#16a34a" title="Income" />,
    );

    expect(screen.getByText('Income by period')).toBeInTheDocument();
    expect(screen.getByText('Largest accounts')).toBeInTheDocument();
    const slots = screen.getAllByTestId('plot-loading');
    expect(slots).toHaveLength(2);
    for (const slot of slots) {
      expect(slot.style.height).toBe(`calc(${SUMMARY_PLOT_HEIGHT / 16}rem * var(--mantine-scale))`);
    }
    expect(container.querySelector('.recharts-responsive-container')).toBeNull();

    await waitFor(() =>
      expect(container.querySelectorAll('.recharts-responsive-container')).toHaveLength(2),
    );
    expect(screen.queryByTestId('plot-loading')).not.toBeInTheDocument();
  });

  it('say there is nothing to rank, without a plot, when nothing was posted', async () => {
    const { container } = renderWithProviders(
      <SummaryCharts
        summary={{ ...summary, rows: [{ ...sales, total: '0.00', amounts: ['0.00'] }] }}
        currency="NGN"
        color="#16a34a"
        title="Income"
      />,
    );

    expect(screen.getByText('Nothing posted in this range.')).toBeInTheDocument();
    // Only the trend's plot draws.
    await waitFor(() =>
      expect(container.querySelectorAll('.recharts-responsive-container')).toHaveLength(1),
    );
  });
});
