import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { stubApi } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { GeneralLedgerReport } from './general-ledger-report';

vi.mock('@/lib/notify', () => ({ notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));
vi.mock('@/lib/workspace-currency', () => ({ useWorkspaceCurrency: () => 'NGN' }));
vi.mock('@/lib/active-workspace', () => ({
  useWorkspaceId: () => 'ws-1',
  useOrganizationId: () => 'org-1',
}));

const posting = (n: number, account: string, debit: string, credit: string, running: string) => ({
  entry_id: `e-${n}`,
  entry_number: `JE-00000${n}`,
  date: `2026-03-0${n}`,
  line_index: 0,
  account_id: account,
  account_code: account === 'a-bank' ? '1120' : '4100',
  account_name: account === 'a-bank' ? 'Bank - current account' : 'Sales',
  description: '',
  memo: 'Sale',
  reference: '',
  debit,
  credit,
  running_balance: running,
  reverses: null,
});

function ledger(accountId: string | null) {
  return {
    data: {
      account_id: accountId,
      from: '2026-01-01',
      to: '2026-12-31',
      normal_balance: 'debit',
      opening_balance: '0.00',
      closing_balance: '1500.00',
      total_debit: '1500.00',
      total_credit: '1500.00',
      data: accountId
        ? [
            posting(1, 'a-bank', '1000.00', '0.00', '1000.00'),
            posting(2, 'a-bank', '500.00', '0.00', '1500.00'),
          ]
        : [
            posting(1, 'a-bank', '1000.00', '0.00', '1000.00'),
            posting(1, 'a-sales', '0.00', '1000.00', '-1000.00'),
          ],
      count: 2,
      page: 1,
      page_size: 100,
      total_pages: 1,
    },
  };
}

function stubLedger() {
  return stubApi([
    {
      method: 'GET',
      path: '/accounting/workspaces/ws-1/general-ledger/',
      reply: (request) => ({ body: ledger(request.query.get('account_id')) }),
    },
    { method: 'GET', path: /\/accounts\/$/, reply: () => ({ body: { data: [] } }) },
  ]);
}

async function headers() {
  const grid = await screen.findByRole('region', { name: 'General ledger table' });
  await within(grid).findAllByText(/JE-00000/);
  return within(grid)
    .getAllByRole('columnheader')
    .map((header) => header.textContent?.trim());
}

describe('the general ledger', () => {
  it('shows no running balance for all accounts, where it would reset after every entry', async () => {
    stubLedger();
    renderWithProviders(<GeneralLedgerReport />, { route: '/accounting/general-ledger' });
    const shown = await headers();
    expect(shown).toContain('Account');
    expect(shown).not.toContain('Running balance');
    expect(screen.queryByTestId('opening-balance')).not.toBeInTheDocument();
    expect(screen.getByTestId('ledger-all-accounts-note')).toBeInTheDocument();
  });

  it('shows the running balance of one account, between its opening and closing balances', async () => {
    stubLedger();
    renderWithProviders(<GeneralLedgerReport />, {
      route: '/accounting/general-ledger?account_id=a-bank',
    });
    const shown = await headers();
    expect(shown).toContain('Running balance');
    expect(screen.getByTestId('opening-balance')).toHaveTextContent('₦0.00');
    expect(screen.getByTestId('closing-balance')).toHaveTextContent('₦1,500.00');
  });
});
