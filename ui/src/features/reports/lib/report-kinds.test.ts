import { coverage, fileSize, reportRequest, type ReportFormValues } from './report-kinds';

const values = (over: Partial<ReportFormValues> = {}): ReportFormValues => ({
  kind: 'trial_balance',
  format: 'pdf',
  as_of: '2026-06-30',
  compare_to: '',
  from: '2026-01-01',
  to: '2026-06-30',
  granularity: 'quarter',
  account_id: 'acc-1',
  ...over,
});

describe('reportRequest', () => {
  it('sends a trial balance its as-of date only, leaving a blank comparison out', () => {
    expect(reportRequest(values())).toEqual({
      kind: 'trial_balance',
      format: 'pdf',
      as_of: '2026-06-30',
    });
  });

  it('sends a general ledger its range and account, never a granularity', () => {
    expect(reportRequest(values({ kind: 'general_ledger', format: 'csv' }))).toEqual({
      kind: 'general_ledger',
      format: 'csv',
      from: '2026-01-01',
      to: '2026-06-30',
      account_id: 'acc-1',
    });
  });

  it('sends a summary its range and granularity, never an account', () => {
    expect(reportRequest(values({ kind: 'expense_summary', account_id: null }))).toEqual({
      kind: 'expense_summary',
      format: 'pdf',
      from: '2026-01-01',
      to: '2026-06-30',
      granularity: 'quarter',
    });
  });
});

describe('coverage', () => {
  it('reads a dated report with its comparison and a ranged one with its columns', () => {
    expect(coverage({ as_of: '2026-06-30', compare_to: '2025-06-30' })).toBe(
      'As of 30 Jun 2026 (vs 30 Jun 2025)',
    );
    expect(coverage({ from: '2026-01-01', to: '2026-03-31', granularity: 'month' })).toBe(
      '1 Jan 2026 – 31 Mar 2026, by month',
    );
    expect(coverage({ from: '2026-01-01', to: '2026-03-31', account_id: 'x' })).toBe(
      '1 Jan 2026 – 31 Mar 2026, one account',
    );
    expect(coverage(null)).toBe('');
  });
});

describe('fileSize', () => {
  it('reads bytes, kilobytes and megabytes', () => {
    expect(fileSize(812)).toBe('812 B');
    expect(fileSize(18_842)).toBe('18.4 KB');
    expect(fileSize(3_355_443)).toBe('3.2 MB');
    expect(fileSize(null)).toBe('');
  });
});
