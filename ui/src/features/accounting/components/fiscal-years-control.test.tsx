import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { stubApi } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { FiscalYearsPanel } from './fiscal-years-control';

beforeEach(() => {
  window.localStorage.setItem('wsId', 'w1');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const year = (year: number, status: 'open' | 'closed') => ({
  year,
  first_day: `${year}-01-01`,
  last_day: `${year}-12-31`,
  status,
  closing_entry_id: status === 'closed' ? `e${year}` : null,
  closing_entry_number: status === 'closed' ? 'JE-000042' : null,
  closed_by: status === 'closed' ? 'u1' : null,
  closed_at: status === 'closed' ? '2026-01-05T10:00:00Z' : null,
  reopened_by: null,
  reopened_at: null,
});

function books() {
  return stubApi([
    {
      method: 'GET',
      path: '/accounting/workspaces/w1/accounting-settings/',
      reply: () => ({ body: { data: { lock_date: '2024-12-31', fiscal_year_start_month: 1 } } }),
    },
    {
      method: 'GET',
      path: '/accounting/workspaces/w1/fiscal-years/',
      reply: () => ({ body: { data: [year(2025, 'open'), year(2024, 'closed')] } }),
    },
    {
      method: 'POST',
      path: /\/fiscal-years\/\d+\/(close|reopen)\/$/,
      reply: (r) => ({ body: { data: { year: Number(r.path.split('/')[5]), status: 'open' } } }),
    },
    {
      method: 'PUT',
      path: '/accounting/workspaces/w1/accounting-settings/',
      reply: () => ({ body: { data: { lock_date: null, fiscal_year_start_month: 4 } } }),
    },
  ]);
}

describe('FiscalYearsPanel', () => {
  it('closes an open year and reopens a closed one', async () => {
    const { requests } = books();
    const user = userEvent.setup();
    renderWithProviders(<FiscalYearsPanel canChange />);

    const open = await screen.findByTestId('fiscal-year-2025');
    const closed = screen.getByTestId('fiscal-year-2024');
    expect(within(closed).getByText('Closed')).toBeInTheDocument();
    expect(within(closed).getByText('JE-000042')).toBeInTheDocument();

    await user.click(within(open).getByRole('button', { name: 'Close year' }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/2025/close/'))).toBe(
        true,
      ),
    );
    await user.click(within(closed).getByRole('button', { name: 'Reopen year' }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/2024/reopen/'))).toBe(
        true,
      ),
    );
  });

  it('sends the start month chosen', async () => {
    const { requests } = books();
    const user = userEvent.setup();
    renderWithProviders(<FiscalYearsPanel canChange />);

    const select = await screen.findByRole('textbox', { name: 'Fiscal year starts in' });
    await waitFor(() => expect(select).toHaveValue('January'));
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'April' }));

    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
        fiscal_year_start_month: 4,
      }),
    );
  });

  it('offers no actions to those who may not post', async () => {
    books();
    renderWithProviders(<FiscalYearsPanel canChange={false} />);

    await screen.findByTestId('fiscal-year-2025');
    expect(screen.queryByRole('button', { name: 'Close year' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reopen year' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Fiscal year starts in' })).toBeDisabled();
  });
});
