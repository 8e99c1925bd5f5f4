/**
 * In a file of its own: the bars' code is loaded once per module graph, so a test that
 * ran the dashboard before this one would leave nothing to wait for.
 */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

import { stubApi } from '@/testing/api-stub';
import { expectPlotHeldThenDrawn } from '@/testing/lazy-plot';
import { renderWithProviders } from '@/testing/test-utils';

import { DASHBOARD_PLOT_HEIGHT } from '../lib/dashboard-series';
import { DASHBOARD, figures } from './dashboard-test-routes';
import { DashboardView } from './dashboard-view';

vi.mock('@/lib/workspace-currency', () => ({ useWorkspaceCurrency: () => 'NGN' }));
vi.mock('../hooks/use-books-permissions', () => ({
  useBooksPermissions: () => ({ canWriteDrafts: true, canEditSettings: false }),
}));
vi.mock('../api/setup-progress', () => ({
  useSetupProgress: () => ({ progress: undefined, update: vi.fn() }),
}));

beforeEach(() => {
  window.localStorage.setItem('token', 't');
  window.localStorage.setItem('wsId', 'ws-1');
});
afterEach(() => window.localStorage.clear());

it('draws the figures with the bars’ place held at their height, the bars once the chart library arrives', async () => {
  stubApi([{ method: 'GET', path: DASHBOARD, reply: () => ({ body: figures() }) }]);
  renderWithProviders(<DashboardView />, { route: '/dashboard' });

  await screen.findByText('₦1,130,000.00');
  expect(screen.getByTestId('figure-income')).toHaveTextContent('₦1,130,000.00');
  const chart = screen.getByTestId('dashboard-chart');
  await expectPlotHeldThenDrawn(chart, DASHBOARD_PLOT_HEIGHT);
});
