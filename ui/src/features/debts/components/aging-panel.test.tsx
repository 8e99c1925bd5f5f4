import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '@/testing/api-stub';
import { renderWithProviders } from '@/testing/test-utils';

import { AgingPanel } from './aging-panel';
import { DEBTS, WS } from './debt-test-routes';

const buckets = (current: string, days_1_30: string, days_over_90 = '0.00') => ({
  current,
  days_1_30,
  days_31_60: '0.00',
  days_61_90: '0.00',
  days_over_90,
});

/**
 * Totals that are deliberately not the sum of the rows: the panel must show the server's
 * figures, not add its own. Payables and receivables are totalled apart.
 */
const aging = {
  data: {
    as_of: '2026-04-20',
    rows: [
      {
        id: 'd-1',
        direction: 'payable',
        counterparty: 'Zenith Bank',
        reference: 'LN-4471',
        outstanding: '750000.00',
        overdue: '88848.79',
        days_past_due: 5,
        buckets: buckets('661151.21', '88848.79'),
        next_due: null,
      },
      {
        id: 'd-2',
        direction: 'receivable',
        counterparty: 'Brightside Foods',
        reference: '',
        outstanding: '200000.00',
        overdue: '0.00',
        days_past_due: 0,
        buckets: buckets('200000.00', '0.00'),
        next_due: null,
      },
    ],
    payable: {
      outstanding: '750000.01',
      overdue: '88848.79',
      buckets: buckets('661151.22', '88848.79'),
    },
    receivable: {
      outstanding: '200000.00',
      overdue: '0.00',
      buckets: buckets('200000.00', '0.00'),
    },
  },
};

beforeEach(() => {
  window.localStorage.setItem('token', 't');
  window.localStorage.setItem('wsId', WS);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('debt aging', () => {
  it('shows the server’s totals under the rows', async () => {
    stubApi([{ method: 'GET', path: `${DEBTS}aging/`, reply: () => ({ body: aging }) }]);
    renderWithProviders(<AgingPanel workspaceId={WS} currency="NGN" />);

    const grid = await screen.findByRole('region', { name: 'Debt aging table' });
    // The reference beside the name, in one column.
    await within(grid).findByText('Zenith Bank · LN-4471');
    const totals = [...grid.querySelectorAll('.ledger-row-total')].map((row) => row.textContent);
    expect(totals).toHaveLength(2);
    expect(totals[0]).toContain('Total payable');
    expect(totals[0]).toContain('₦750,000.01');
    expect(totals[0]).toContain('₦661,151.22');
    expect(totals[1]).toContain('Total receivable');
    expect(screen.getByTestId('aging-payable')).toHaveTextContent(
      'overdue ₦88,848.79 of ₦750,000.01',
    );
  });

  it('asks for the date and direction chosen', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi([
      { method: 'GET', path: `${DEBTS}aging/`, reply: () => ({ body: aging }) },
    ]);
    renderWithProviders(<AgingPanel workspaceId={WS} currency="NGN" />);

    await screen.findByRole('region', { name: 'Debt aging table' });
    await user.click(screen.getByRole('textbox', { name: 'Direction' }));
    await user.click(await screen.findByRole('option', { name: 'Payable' }));
    const asOf = screen.getByLabelText('As of');
    await user.clear(asOf);
    await user.type(asOf, '31/03/2026');
    await user.tab();

    await waitFor(() =>
      expect(
        requests.some(
          (r) => r.query.get('direction') === 'payable' && r.query.get('as_of') === '2026-03-31',
        ),
      ).toBe(true),
    );
  });
});
