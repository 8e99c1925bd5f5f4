import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { stubApi } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import type { FlatAccount } from '../api/accounts';
import { BudgetModal } from './budget-modal';

const rent: FlatAccount = {
  id: 'a1',
  name: 'Rent',
  account_type: 'expense',
  account_code: '6210',
  account_type_display: 'Expense',
  parent_id: null,
  archived_datetime: null,
  is_last_level: true,
  is_editable: true,
  budget_amount: null,
  budgets: [{ month: '2026-03', amount: '150000.00' }],
  depreciation_type: null,
  depreciation_value: null,
  statement_section: 'operating_expenses',
  cash_flow_category: 'operating',
  own_statement_section: null,
  own_cash_flow_category: null,
  depth: 0,
  path: ['Rent'],
};

beforeEach(() => {
  window.localStorage.setItem('wsId', 'w1');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BudgetModal', () => {
  it('picks one month from a calendar of months and sends it as YYYY-MM', async () => {
    const { requests } = stubApi([
      {
        method: 'POST',
        path: '/accounting/workspaces/w1/accounts/a1/action/budget-amount/',
        reply: () => ({ body: { data: {} } }),
      },
    ]);
    const user = userEvent.setup();
    renderWithProviders(<BudgetModal account={rent} onClose={vi.fn()} />);

    await user.click(screen.getByRole('radio', { name: 'One month' }));
    const month = screen.getByLabelText('Month');
    expect(month.tagName).not.toBe('INPUT');
    await user.click(month);
    await user.click(await screen.findByRole('button', { name: 'Mar' }));
    expect(screen.getByLabelText('Month')).toHaveTextContent(/^Mar \d{4}$/);
    await user.type(screen.getByLabelText('Amount per month'), '200,000');
    await user.click(screen.getByRole('button', { name: 'Save budget' }));

    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const sent = requests.find((r) => r.method === 'POST')?.body as {
      amount: string;
      month: string;
    };
    expect(sent.amount).toBe('200000.00');
    expect(sent.month).toMatch(/^\d{4}-03$/);
  });

  it('lists the budgets set for months with the months in words', () => {
    stubApi([]);
    renderWithProviders(<BudgetModal account={rent} onClose={vi.fn()} />);

    expect(screen.getByRole('table', { name: 'Budgets by month' })).toHaveTextContent('Mar 2026');
  });
});
