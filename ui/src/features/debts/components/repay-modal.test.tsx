import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { RepayModal } from './repay-modal';
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

describe('the Repay dialog', () => {
  it('posts the next instalment through the debt’s bank and shows the server’s split', async () => {
    const { requests } = stubApi([
      ...debtRoutes(),
      {
        method: 'POST',
        path: `${DEBTS}d-1/repayments/`,
        reply: () => ({
          status: 201,
          body: {
            data: {
              date: '2026-02-15',
              amount: '88848.79',
              interest: '10000.00',
              principal: '78848.79',
              prepayment: '0.00',
              lines: [{ instalment: 1, interest: '10000.00', principal: '78848.79' }],
              principal_outstanding: '921151.21',
              journal_entry_id: 'je-2',
            },
          },
        }),
      },
    ]);
    const user = userEvent.setup();
    renderWithProviders(
      <RepayModal workspaceId={WS} currency="NGN" debt={debt()} opened onClose={vi.fn()} />,
    );

    expect(screen.getByLabelText('Amount')).toHaveValue('88848.79');
    await user.click(screen.getByRole('button', { name: 'Post repayment' }));

    expect(await screen.findByTestId('split-interest')).toHaveTextContent('₦10,000.00');
    expect(screen.getByTestId('split-principal')).toHaveTextContent('₦78,848.79');
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      amount: '88848.79',
      cash_account: 'a-1120',
    });
  });

  it('puts the server’s refusal of the amount on the amount field', async () => {
    stubApi([
      ...debtRoutes(),
      {
        method: 'POST',
        path: `${DEBTS}d-1/repayments/`,
        reply: () => ({
          status: 400,
          body: {
            amount: [
              'the repayment of 2000000.00 is more than the 1010000.00 that settles the debt on its date',
            ],
          },
        }),
      },
    ]);
    const user = userEvent.setup();
    renderWithProviders(
      <RepayModal workspaceId={WS} currency="NGN" debt={debt()} opened onClose={vi.fn()} />,
    );

    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '2,000,000');
    await user.click(screen.getByRole('button', { name: 'Post repayment' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Amount')).toHaveAccessibleDescription(
        /more than the 1010000.00 that settles the debt/,
      ),
    );
    expect(screen.queryByTestId('repayment-split')).toBeNull();
  });
});
