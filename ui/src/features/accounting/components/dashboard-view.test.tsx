import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { stubApi, type RouteAnswer } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { periodBounds, todayIso } from '../lib/periods';
import { DASHBOARD, figures } from './dashboard-test-routes';
import { DashboardView } from './dashboard-view';

vi.mock('@/lib/notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));
vi.mock('@/lib/workspace-currency', () => ({ useWorkspaceCurrency: () => 'NGN' }));
vi.mock('../hooks/use-books-permissions', () => ({
  useBooksPermissions: () => ({ canWriteDrafts: true, canEditSettings: false }),
}));
vi.mock('../api/setup-progress', () => ({
  useSetupProgress: () => ({ progress: undefined, update: vi.fn() }),
}));

function stubDashboard(reply: () => RouteAnswer) {
  return stubApi([{ method: 'GET', path: DASHBOARD, reply }]);
}

beforeEach(() => {
  window.localStorage.setItem('token', 't');
  window.localStorage.setItem('wsId', 'ws-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the dashboard reads the server dashboard route', () => {
  it('asks GET dashboard/ as of today, and nothing else of the books', async () => {
    const { requests } = stubDashboard(() => ({ body: figures() }));
    renderWithProviders(<DashboardView />, { route: '/dashboard' });
    await screen.findByText('₦1,130,000.00');
    // The books are read through the dashboard route only (the active workspace list aside).
    const books = requests.filter((r) => r.path.startsWith('/accounting/')).map((r) => r.path);
    expect(books).toEqual([DASHBOARD]);
    expect(requests.find((r) => r.path === DASHBOARD)?.query.get('as_of')).toBe(todayIso());
  });

  it('shows the figures the server computed, with links to their reports', async () => {
    stubDashboard(() => ({ body: figures() }));
    renderWithProviders(<DashboardView />, { route: '/dashboard' });
    const income = await screen.findByTestId('figure-income');
    expect(income).toHaveTextContent('₦1,130,000.00');
    expect(income).toHaveAttribute(
      'href',
      '/accounting/financial-reports/income-summary?from=2025-04-01&to=2026-03-31',
    );
    expect(screen.getByTestId('figure-cash')).toHaveTextContent('₦1,500,000.00');
    expect(screen.getByTestId('figure-expenses')).toHaveTextContent('₦1,370,000.00');
    expect(screen.getByTestId('figure-net-income')).toHaveTextContent('(₦240,000.00)');
    const top = screen.getByRole('link', { name: '6210 · Rent and rates' });
    expect(top).toHaveAttribute(
      'href',
      '/accounting/general-ledger?account_id=a-6210&from=2025-04-01&to=2026-03-31',
    );
    const recent = screen.getByRole('table', { name: 'Recent entries' });
    expect(within(recent).getByRole('link', { name: 'JE-000001' })).toBeInTheDocument();
    expect(within(recent).getByText('March rent')).toBeInTheDocument();
  });

  it('a workspace without entries shows the empty state', async () => {
    stubDashboard(() => ({ body: figures([]) }));
    renderWithProviders(<DashboardView />, { route: '/dashboard' });
    expect(await screen.findByText('No entries in this workspace yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Record the first entry' })).toBeInTheDocument();
  });

  it('a failed read shows an error with Try again instead of endless skeletons', async () => {
    let fail = true;
    stubDashboard(() => (fail ? { status: 500, body: {} } : { body: figures() }));
    renderWithProviders(<DashboardView />, { route: '/dashboard' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The dashboard could not be loaded');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByTestId('figure-income')).toHaveTextContent('₦1,130,000.00'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for this quarter when it is chosen, and links its figures to the quarter', async () => {
    const { requests } = stubDashboard(() => ({ body: figures() }));
    renderWithProviders(<DashboardView />, { route: '/dashboard' });
    await screen.findByText('₦1,130,000.00');
    await userEvent.click(screen.getByText('This quarter'));
    const quarterStart = periodBounds(todayIso(), 'quarter').from;
    await waitFor(() =>
      expect(
        requests.some((r) => r.path === DASHBOARD && r.query.get('from') === quarterStart),
      ).toBe(true),
    );
    const asked = requests.filter((r) => r.path === DASHBOARD).at(-1);
    expect(asked?.query.get('as_of')).toBe(todayIso());
    expect(screen.getByTestId('figure-income')).toHaveTextContent('This quarter');
  });

  it('a custom period reads its range from the URL', async () => {
    const { requests } = stubDashboard(() => ({ body: figures() }));
    renderWithProviders(<DashboardView />, {
      route: '/dashboard?period=custom&from=2026-02-01&to=2026-03-31',
    });
    await screen.findByText('₦1,130,000.00');
    const asked = requests.find((r) => r.path === DASHBOARD);
    expect(asked?.query.get('from')).toBe('2026-02-01');
    expect(asked?.query.get('as_of')).toBe('2026-03-31');
    expect(screen.getByTestId('figure-net-income')).toHaveAttribute(
      'href',
      '/accounting/financial-reports/income-statement?from=2025-04-01&to=2026-03-31',
    );
  });
});
