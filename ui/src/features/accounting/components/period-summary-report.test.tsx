import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { stubApi } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { PeriodSummaryReport } from './period-summary-report';

vi.mock('@/lib/notify', () => ({ notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));
vi.mock('@/lib/workspace-currency', () => ({ useWorkspaceCurrency: () => 'NGN' }));
vi.mock('@/lib/active-workspace', () => ({
  useWorkspaceId: () => 'ws-1',
  useOrganizationId: () => 'org-1',
}));

const sales = {
  account_id: 'a-sales',
  account_code: '4100',
  name: 'Sales of goods',
  parent_id: null,
  is_last_level: true,
  amounts: ['1200.00', '900.00'],
  budgets: ['1000.00', '1800.00'],
  variances: ['200.00', '-900.00'],
  variance_percents: ['20.0', '-50.0'],
  total: '2100.00',
  budget_total: '2800.00',
  variance_total: '-700.00',
  variance_percent_total: '-25.0',
};

const interest = {
  ...sales,
  account_id: 'a-interest',
  account_code: '4200',
  name: 'Interest income',
  amounts: ['0.00', '0.00'],
  budgets: ['0.00', '0.00'],
  variances: ['0.00', '0.00'],
  variance_percents: [null, null],
  total: '0.00',
  budget_total: '0.00',
  variance_total: '0.00',
  variance_percent_total: null,
};

function stubSummary() {
  return stubApi([
    {
      method: 'GET',
      path: '/accounting/workspaces/ws-1/reports/income-summary/',
      reply: () => ({
        body: {
          data: {
            account_type: 'income',
            from: '2026-01-01',
            to: '2026-02-28',
            granularity: 'month',
            periods: [
              { key: '2026-01', from: '2026-01-01', to: '2026-01-31' },
              { key: '2026-02', from: '2026-02-01', to: '2026-02-28' },
            ],
            rows: [sales, interest],
            totals: { ...sales, account_id: '', account_code: '', name: 'Total' },
          },
        },
      }),
    },
  ]);
}

/** The income summary of January and February 2026, its grid once drawn. */
async function openSummary() {
  stubSummary();
  renderWithProviders(<PeriodSummaryReport kind="income" />, {
    route: '/accounting/income-summary?from=2026-01-01&to=2026-02-28&granularity=month',
  });
  return screen.findByRole('region', { name: 'Income summary table' });
}

describe('the income summary', () => {
  it('puts the budget, the variance and the variance as a percentage beside the actual', async () => {
    const grid = await openSummary();
    await within(grid).findAllByText('Sales of goods');
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((header) => header.textContent?.trim());
    expect(headers).toEqual(expect.arrayContaining(['Total', 'Budget', 'Variance', 'Variance %']));
    expect(within(grid).getAllByText('₦2,800.00').length).toBeGreaterThan(0);
    expect(within(grid).getAllByText('(₦700.00)').length).toBeGreaterThan(0);
    expect(within(grid).getAllByText('(25.0%)').length).toBeGreaterThan(0);
  });

  it('leaves an account with nothing posted in the range blank, its total as its periods', async () => {
    const grid = await openSummary();
    await within(grid).findAllByText('Interest income');
    expect(within(grid).getAllByText('₦2,100.00').length).toBeGreaterThan(0);
    expect(within(grid).queryAllByText('₦0.00')).toEqual([]);
  });
});
