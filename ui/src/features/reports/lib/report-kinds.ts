/**
 * The financial reports an Admin can generate (the server's `domain::report`), what each
 * asks for, and how a report's coverage reads in the downloads list.
 */

import { formatDateText } from '@/lib/format-date-time';

export type ReportKind =
  | 'trial_balance'
  | 'general_ledger'
  | 'income_summary'
  | 'expense_summary'
  | 'balance_sheet'
  | 'income_statement'
  | 'cash_flow';
export type ReportFormat = 'pdf' | 'csv' | 'xlsx';

/** Every format, as offered: a typeset PDF, a workbook with formulas, plain CSV. */
export const REPORT_FORMAT_OPTIONS: { value: ReportFormat; label: string }[] = [
  { value: 'pdf', label: 'PDF' },
  { value: 'xlsx', label: 'XLSX' },
  { value: 'csv', label: 'CSV' },
];
export type Granularity = 'month' | 'quarter' | 'year';

type KindInfo = {
  label: string;
  /** 'as_of': one date (and an optional comparison); 'range': first and last day. */
  dates: 'as_of' | 'range';
  /** Summaries choose month, quarter or year columns. */
  granularity: boolean;
  /** The general ledger may cover one account. */
  account: boolean;
  description: string;
};

export const REPORT_KINDS: Record<ReportKind, KindInfo> = {
  trial_balance: {
    label: 'Trial balance',
    dates: 'as_of',
    granularity: false,
    account: false,
    description: 'Every account’s debits, credits and balance at a date, with totals.',
  },
  general_ledger: {
    label: 'General ledger',
    dates: 'range',
    granularity: false,
    account: true,
    description: 'Each posting in a period with its running balance, for one account or all.',
  },
  income_summary: {
    label: 'Income summary',
    dates: 'range',
    granularity: true,
    account: false,
    description: 'Income per account and period, against budget.',
  },
  expense_summary: {
    label: 'Expense summary',
    dates: 'range',
    granularity: true,
    account: false,
    description: 'Expenses per account and period, against budget.',
  },
  balance_sheet: {
    label: 'Balance sheet',
    dates: 'as_of',
    granularity: false,
    account: false,
    description: 'Assets, liabilities and equity at a date, and whether they balance.',
  },
  income_statement: {
    label: 'Income statement',
    dates: 'range',
    granularity: false,
    account: false,
    description: 'Revenue down to net profit for a period.',
  },
  cash_flow: {
    label: 'Cash flow statement',
    dates: 'range',
    granularity: false,
    account: false,
    description:
      'Operating, investing and financing cash flows, checked against the cash accounts.',
  },
};

export const REPORT_KIND_OPTIONS = (Object.keys(REPORT_KINDS) as ReportKind[]).map((value) => ({
  value,
  label: REPORT_KINDS[value].label,
}));

/** What the form holds; only the fields the chosen kind uses are sent. */
export type ReportFormValues = {
  kind: ReportKind;
  format: ReportFormat;
  as_of: string;
  compare_to: string;
  from: string;
  to: string;
  granularity: Granularity;
  account_id: string | null;
};

export type ReportRequest = {
  kind: ReportKind;
  format: ReportFormat;
  as_of?: string;
  compare_to?: string;
  /** The income statement's comparison period start (with `compare_to`). */
  compare_from?: string;
  from?: string;
  to?: string;
  granularity?: Granularity;
  account_id?: string;
};

/** The request body for `values`: the kind's own fields, blanks left out. */
export function reportRequest(values: ReportFormValues): ReportRequest {
  const info = REPORT_KINDS[values.kind];
  const body: ReportRequest = { kind: values.kind, format: values.format };
  const set = <K extends keyof ReportRequest>(key: K, value: ReportRequest[K] | '' | null) => {
    if (value) body[key] = value;
  };
  if (info.dates === 'as_of') {
    set('as_of', values.as_of);
    set('compare_to', values.compare_to);
  } else {
    set('from', values.from);
    set('to', values.to);
  }
  if (info.granularity) set('granularity', values.granularity);
  if (info.account) set('account_id', values.account_id);
  return body;
}

/** The report's title as listed: the server's, else the kind's label. */
export function kindLabel(kind: string): string {
  return REPORT_KINDS[kind as ReportKind]?.label ?? kind;
}

export type ReportParameters = {
  as_of?: string | null;
  compare_to?: string | null;
  from?: string | null;
  to?: string | null;
  granularity?: string | null;
  account_id?: string | null;
};

/** What a report covers, in words: "As of 2026-06-30 (vs 2025-06-30)", "2026-01-01 – 2026-03-31, by quarter". */
export function coverage(parameters: ReportParameters | null | undefined): string {
  if (!parameters) return '';
  if (parameters.as_of) {
    return parameters.compare_to
      ? `As of ${formatDateText(parameters.as_of)} (vs ${formatDateText(parameters.compare_to)})`
      : `As of ${formatDateText(parameters.as_of)}`;
  }
  const range =
    parameters.from && parameters.to
      ? `${formatDateText(parameters.from)} – ${formatDateText(parameters.to)}`
      : '';
  const parts = [range];
  if (parameters.granularity) parts.push(`by ${parameters.granularity}`);
  if (parameters.account_id) parts.push('one account');
  return parts.filter(Boolean).join(', ');
}

/** Bytes as people read them: 812 B, 18.4 KB, 3.2 MB. */
export function fileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
