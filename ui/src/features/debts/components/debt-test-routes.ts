/** API stubs the debt component tests share: a debt as the server lists it, and the reads. */
import { pageOf, type ApiRoute } from '@/testing/api-stub';

import type { Debt } from '../api/debts';

export const WS = 'ws-1';
export const DEBTS = `/accounting/workspaces/${WS}/debts/`;

/** ₦1,000,000 borrowed at 12 % over 12 months, annuity, drawn down on 15 January. */
export function debt(overrides: Partial<Debt> = {}): Debt {
  return {
    id: 'd-1',
    status: 'active',
    direction: 'payable',
    counterparty: 'Zenith Bank',
    reference: 'LN-4471',
    principal: '1000000.00',
    start_date: '2026-01-15',
    annual_interest_rate: '12',
    term_months: 12,
    repayment_type: 'annuity',
    first_due_date: '2026-02-15',
    principal_account: 'a-2210',
    interest_account: 'a-6500',
    cash_account: 'a-1120',
    drawdown_entry_id: 'je-1',
    principal_repaid: '0.00',
    as_of: '2026-01-20',
    outstanding: '1000000.00',
    overdue: '0.00',
    days_past_due: 0,
    next_due: { due_date: '2026-02-15', amount: '88848.79' },
    documents: [],
    ...overrides,
  };
}

/** The debts listing (and an empty chart of accounts for the pickers). */
export function debtRoutes({ debts = [] as Debt[] } = {}): ApiRoute[] {
  return [
    { method: 'GET', path: DEBTS, reply: () => ({ body: pageOf(debts) }) },
    {
      method: 'GET',
      path: `/accounting/workspaces/${WS}/accounts/`,
      reply: () => ({ body: { data: [] } }),
    },
    {
      method: 'GET',
      path: /\/debts\/[^/]+\/schedule\/$/,
      reply: () => ({
        body: {
          data: {
            id: 'd-1',
            as_of: '2026-01-20',
            rows: [
              {
                number: 1,
                due_date: '2026-02-15',
                opening_balance: '1000000.00',
                interest: '10000.00',
                principal: '78848.79',
                payment: '88848.79',
                closing_balance: '921151.21',
                prepaid_principal: '0.00',
                interest_paid: '0.00',
                principal_paid: '0.00',
                unpaid: '88848.79',
                status: 'unpaid',
                overdue: false,
              },
            ],
            total_interest: '10000.00',
            total_payment: '88848.79',
            principal_outstanding: '1000000.00',
          },
        },
      }),
    },
    {
      method: 'GET',
      path: /\/debts\/[^/]+\/repayments\/$/,
      reply: () => ({ body: { data: [] } }),
    },
  ];
}
