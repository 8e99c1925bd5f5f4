import type { PeriodSummary, SummaryRow } from '../api/reports';

import { periodBounds, periodKeyOf, periodLabel, trailingRange } from './periods';
import { periodSeries, topAccounts } from './summary-series';

describe('summary periods', () => {
  it('buckets a date into the server’s period keys', () => {
    expect(periodKeyOf('2026-03-15', 'month')).toBe('2026-03');
    expect(periodKeyOf('2026-03-31', 'quarter')).toBe('2026-Q1');
    expect(periodKeyOf('2026-04-01', 'quarter')).toBe('2026-Q2');
    expect(periodKeyOf('2026-12-31', 'year')).toBe('2026');
  });

  it('gives the first and last day of a period, leap years included', () => {
    expect(periodBounds('2028-02-10', 'month')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodBounds('2026-08-10', 'quarter')).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    expect(periodBounds('2026-08-10', 'year')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('defaults to whole periods ending with the current one', () => {
    expect(trailingRange('2026-11-22', 'month')).toEqual({ from: '2025-12-01', to: '2026-11-30' });
    expect(trailingRange('2026-02-05', 'quarter')).toEqual({
      from: '2025-04-01',
      to: '2026-03-31',
    });
    expect(trailingRange('2026-02-05', 'year')).toEqual({ from: '2024-01-01', to: '2026-12-31' });
    expect(trailingRange('2026-01-15', 'month', 2)).toEqual({
      from: '2025-12-01',
      to: '2026-01-31',
    });
  });

  it('labels periods for column headers', () => {
    expect(periodLabel('2026-03')).toBe('Mar 2026');
    expect(periodLabel('2026-Q4')).toBe('Q4 2026');
    expect(periodLabel('2026')).toBe('2026');
  });
});

const row = (code: string, total: string, leaf = true): SummaryRow => ({
  account_id: code,
  account_code: code,
  name: `Account ${code}`,
  parent_id: null,
  is_last_level: leaf,
  amounts: [total],
  budgets: ['0.00'],
  variances: ['0.00'],
  variance_percents: [null],
  total,
  budget_total: '0.00',
  variance_total: '0.00',
  variance_percent_total: null,
});

describe('summary series', () => {
  it('one chart point per server period, labelled', () => {
    const summary: PeriodSummary = {
      account_type: 'income',
      from: '2026-01-01',
      to: '2026-06-30',
      granularity: 'quarter',
      periods: [
        { key: '2026-Q1', from: '2026-01-01', to: '2026-03-31' },
        { key: '2026-Q2', from: '2026-04-01', to: '2026-06-30' },
      ],
      rows: [],
      totals: { ...row('', '0'), amounts: ['1500.50', '0.00'], budgets: ['1000.00', '2000.00'] },
    };
    expect(periodSeries(summary)).toEqual([
      { key: '2026-Q1', label: 'Q1 2026', amount: 1500.5, budget: 1000 },
      { key: '2026-Q2', label: 'Q2 2026', amount: 0, budget: 2000 },
    ]);
  });

  it('ranks accounts exactly, leaves only, zero totals left out', () => {
    const rows = [
      row('6100', '9007199254740993.01'),
      row('6200', '9007199254740993.02'),
      row('6000', '99999999999999999.00', false),
      row('6300', '0.00'),
    ];
    expect(topAccounts(rows, 5).map((r) => r.account_code)).toEqual(['6200', '6100']);
  });
});
