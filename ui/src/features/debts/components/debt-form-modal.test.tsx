import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { DebtFormModal } from './debt-form-modal';
import { DEBTS, WS, debt, debtRoutes } from './debt-test-routes';

vi.mock('@/lib/notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

beforeEach(() => {
  window.localStorage.setItem('token', 't');
  window.localStorage.setItem('wsId', WS);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the debt form', () => {
  it('puts each of the server’s field errors on its field and stays open', async () => {
    const { requests } = stubApi([
      ...debtRoutes(),
      {
        method: 'PATCH',
        path: `${DEBTS}d-1/`,
        reply: () => ({
          status: 400,
          body: {
            first_due_date: ['the first due date must be after the start date'],
            annual_interest_rate: ['the annual interest rate must be from 0 to 100 percent'],
          },
        }),
      },
    ]);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <DebtFormModal
        opened
        onClose={onClose}
        workspaceId={WS}
        debt={debt({ drawdown_entry_id: null })}
      />,
    );

    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(screen.getByLabelText('First due date')).toHaveAccessibleDescription(
        /the first due date must be after the start date/,
      ),
    );
    expect(screen.getByLabelText('Annual interest rate (%)')).toHaveAccessibleDescription(
      'the annual interest rate must be from 0 to 100 percent',
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({
      principal: '1000000.00',
      annual_interest_rate: '12',
      term_months: 12,
    });
  });

  it('sends only the counterparty, reference and bank of a debt whose drawdown is posted', async () => {
    const { requests } = stubApi([
      ...debtRoutes(),
      {
        method: 'PATCH',
        path: `${DEBTS}d-1/`,
        reply: () => ({ body: { data: { id: 'd-1' } } }),
      },
    ]);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<DebtFormModal opened onClose={onClose} workspaceId={WS} debt={debt()} />);

    expect(screen.getByLabelText('Principal')).toBeDisabled();
    await user.clear(screen.getByLabelText('Reference'));
    await user.type(screen.getByLabelText('Reference'), 'LN-4472');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      counterparty: 'Zenith Bank',
      reference: 'LN-4472',
      cash_account: 'a-1120',
    });
  });

  it('refuses a rate above 100 percent before asking the server', async () => {
    const { requests } = stubApi(debtRoutes());
    const user = userEvent.setup();
    renderWithProviders(
      <DebtFormModal
        opened
        onClose={vi.fn()}
        workspaceId={WS}
        debt={debt({ drawdown_entry_id: null })}
      />,
    );

    await user.clear(screen.getByLabelText('Annual interest rate (%)'));
    await user.type(screen.getByLabelText('Annual interest rate (%)'), '120');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('Enter a yearly rate from 0 to 100, with up to four decimals.'),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
