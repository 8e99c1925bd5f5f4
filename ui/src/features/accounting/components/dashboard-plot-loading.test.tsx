/**
 * In a file of its own: the bars' code is loaded once per module graph, so a test that
 * ran the dashboard before this one would leave nothing to wait for.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

import { stubApi } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { DASHBOARD_PLOT_HEIGHT } from '../lib/dashboard-series';
import { DashboardView } from './dashboard-view';

vi.mock('@/lib/workspace-currency', () => ({ useWorkspaceCurrency: () => 'NGN' }));
vi.mock('../hooks/use-books-permissions', () => ({
  useBooksPermissions: () => ({ canWriteDrafts: true, canEditSettings: false }),
}));
vi.mock('../api/setup-progress', () => ({
  useSetupProgress: () => ({ progress: undefined, update: vi.fn() }),
}));

const month = {
  month: '2026-03',
  income: '1130000.00',
  expenses: '1370000.00',
  net_income: '-240000.00',
};

const entry = {
  id: 'e-1',
  status: 'posted',
  entry_number: 'JE-000001',
  date: '2026-03-02',
  memo: 'March rent',
  reference: 'INV-7',
  amount: '240000.00',
  line_count: 2,
  author_id: 'u-1',
  created_datetime: '2026-03-02T10:00:00Z',
  updated_datetime: '2026-03-02T10:00:00Z',
  posted_datetime: '2026-03-02T10:00:00Z',
  reverses: null,
  reversed_by: null,
  reversal_date: null,
};

beforeEach(() => {
  window.localStorage.setItem('token', 't');
  window.localStorage.setItem('wsId', 'ws-1');
});
afterEach(() => window.localStorage.clear());

it('draws the figures with the bars’ place held at their height, the bars once the chart library arrives', async () => {
  stubApi([
    {
      method: 'GET',
      path: '/accounting/workspaces/ws-1/dashboard/',
      reply: () => ({
        body: {
          data: {
            as_of: '2026-03-31',
            from: '2025-04-01',
            cash_position: '1500000.00',
            income: month.income,
            expenses: month.expenses,
            net_income: month.net_income,
            months: [month],
            top_expenses: [],
            recent_entries: [entry],
          },
        },
      }),
    },
  ]);
  renderWithProviders(<DashboardView />, { route: '/dashboard' });

  await screen.findByText('₦1,130,000.00');
  expect(screen.getByTestId('figure-income')).toHaveTextContent('₦1,130,000.00');
  const chart = screen.getByTestId('dashboard-chart');
  const slot = within(chart).getByTestId('plot-loading');
  expect(slot.style.height).toBe(`calc(${DASHBOARD_PLOT_HEIGHT / 16}rem * var(--mantine-scale))`);
  expect(chart.querySelector('.recharts-responsive-container')).toBeNull();

  // The chart library's first import in a test run takes a few seconds to transform.
  await waitFor(
    () => expect(chart.querySelector('.recharts-responsive-container')).not.toBeNull(),
    {
      timeout: 15_000,
    },
  );
  expect(within(chart).queryByTestId('plot-loading')).not.toBeInTheDocument();
});
