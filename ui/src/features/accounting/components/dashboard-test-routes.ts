/** API answers the dashboard's component tests share: a posted entry and the dashboard. */
export const DASHBOARD = '/accounting/workspaces/ws-1/dashboard/';

export const entry = {
  id: 'e-1',
  status: 'posted',
  entry_number: 'JE-000001',
  date: '2026-03-02',
  memo: 'March rent',
  reference: 'INV-7',
  amount: '240000.00',
  line_count: 2,
  author_id: 'u-1',
  created_datetime: '2026-03-02T10:00:00Z',
  updated_datetime: '2026-03-02T10:00:00Z',
  posted_datetime: '2026-03-02T10:00:00Z',
  reverses: null,
  reversed_by: null,
  reversal_date: null,
};

export const figures = (recent = [entry]) => ({
  data: {
    as_of: '2026-03-31',
    from: '2025-04-01',
    cash_position: '1500000.00',
    income: '1130000.00',
    expenses: '1370000.00',
    net_income: '-240000.00',
    months: [
      { month: '2026-02', income: '0.00', expenses: '0.00', net_income: '0.00' },
      { month: '2026-03', income: '1130000.00', expenses: '1370000.00', net_income: '-240000.00' },
    ],
    top_expenses: [
      { account_id: 'a-6210', account_code: '6210', name: 'Rent and rates', amount: '240000.00' },
    ],
    recent_entries: recent,
  },
});
