import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { PeriodScheduleReport } from './period-schedule-report';

const line = (category: string | null, cost: string) => ({
  category,
  cost_brought_forward: '0.00',
  additions: cost,
  disposals: '0.00',
  cost_carried_forward: cost,
  depreciation_brought_forward: '0.00',
  charge: '20000.00',
  depreciation_on_disposals: '0.00',
  depreciation_carried_forward: '20000.00',
  nbv_brought_forward: '0.00',
  nbv_carried_forward: '1180000.00',
});

function schedule(agrees: boolean) {
  const ledger = agrees ? '1200000.00' : '1205000.00';
  return {
    data: {
      from: '2026-01-01',
      to: '2026-11-26',
      categories: [line('Motor vehicles', '1200000.00')],
      total: line(null, '1200000.00'),
      asset_accounts: ['a-1520'],
      accumulated_depreciation_accounts: ['a-1590'],
      checks: [
        {
          figure: 'cost_carried_forward',
          schedule: '1200000.00',
          ledger,
          difference: agrees ? '0.00' : '-5000.00',
          agrees,
        },
      ],
      agrees_with_ledger: agrees,
    },
  };
}

beforeEach(() => {
  window.localStorage.setItem('token', 't');
  window.localStorage.setItem('wsId', 'ws-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the period asset schedule', () => {
  it('shows that it agrees with the general ledger', async () => {
    stubApi([
      {
        method: 'GET',
        path: '/accounting/workspaces/ws-1/asset-schedule/',
        reply: () => ({ body: schedule(true) }),
      },
    ]);
    renderWithProviders(<PeriodScheduleReport />);

    expect(await screen.findByTestId('ledger-check')).toHaveTextContent(
      'Agrees with the general ledger',
    );
  });

  it('shows the difference when something else was posted to the asset accounts', async () => {
    stubApi([
      {
        method: 'GET',
        path: '/accounting/workspaces/ws-1/asset-schedule/',
        reply: () => ({ body: schedule(false) }),
      },
    ]);
    renderWithProviders(<PeriodScheduleReport />);

    expect(await screen.findByTestId('ledger-check')).toHaveTextContent(
      'Differs from the general ledger',
    );
    const checks = within(screen.getByTestId('ledger-checks'));
    expect(checks.getByText('Cost carried forward')).toBeInTheDocument();
    expect(checks.getByText(/^\(.?5,000\.00\)$/)).toBeInTheDocument();
  });
});
