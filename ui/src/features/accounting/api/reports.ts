/**
 * The read-only reports: trial balance, general ledger (paginated, for ledgers too large
 * to load at once), and the income and expense summaries. All amounts are decimal
 * strings computed by the server; the UI formats them and never re-adds them.
 */
import useSWR from 'swr';
import { z } from 'zod';

import { PAGE_SIZE_MAX, api, dataEnvelope, requireParam } from '@/lib/api-client';

import { useWorkspaceId } from '@/lib/active-workspace';

import { accountingPaths } from './paths';

import { attachedDocumentSchema } from '@/features/documents';

// --- Trial balance -----------------------------------------------------------------

const amountsSchema = z.object({ debit: z.string(), credit: z.string(), balance: z.string() });

export const trialBalanceRowSchema = z.object({
  account_id: z.string(),
  account_code: z.string(),
  name: z.string(),
  account_type: z.string(),
  parent_id: z.string().nullable(),
  is_last_level: z.boolean(),
  is_archived: z.boolean(),
  normal_balance: z.string(),
  debit: z.string(),
  credit: z.string(),
  balance: z.string(),
  compare: amountsSchema.nullable(),
});
export type TrialBalanceRow = z.infer<typeof trialBalanceRowSchema>;

const totalsSchema = z.object({ debit: z.string(), credit: z.string() });

export const trialBalanceSchema = z.object({
  as_of: z.string(),
  compare_to: z.string().nullable(),
  rows: z.array(trialBalanceRowSchema),
  totals: totalsSchema,
  compare_totals: totalsSchema.nullable(),
  balanced: z.boolean(),
});
export type TrialBalance = z.infer<typeof trialBalanceSchema>;

export type TrialBalanceQuery = { as_of: string; compare_to?: string | null };

export const TRIAL_BALANCE_PATH = '/accounting/workspaces/{workspace_id}/trial-balance/';

/** The trial balance's request: the screen's hook and its prefetch make the same one. */
export function trialBalanceCall(workspaceId: string, query: TrialBalanceQuery) {
  return {
    params: { workspace_id: workspaceId },
    query: { as_of: query.as_of, compare_to: query.compare_to || undefined },
  };
}

export function useTrialBalance(query: TrialBalanceQuery | null) {
  const workspaceId = useWorkspaceId();
  return useSWR(
    workspaceId && query
      ? [accountingPaths.trialBalance(workspaceId), query.as_of, query.compare_to ?? '']
      : null,
    async () => {
      const ws = requireParam('workspaceId', workspaceId, 'getTrialBalance');
      const { data } = await api.get(
        TRIAL_BALANCE_PATH,
        dataEnvelope(trialBalanceSchema),
        trialBalanceCall(ws, requireParam('query', query, 'getTrialBalance')),
      );
      return data;
    },
    { keepPreviousData: true },
  );
}

// --- General ledger ------------------------------------------------------------------

export const postingSchema = z.object({
  entry_id: z.string(),
  entry_number: z.string(),
  date: z.string(),
  line_index: z.number(),
  account_id: z.string(),
  account_code: z.string(),
  account_name: z.string(),
  description: z.string(),
  memo: z.string(),
  reference: z.string(),
  debit: z.string(),
  credit: z.string(),
  running_balance: z.string(),
  reverses: z.string().nullable(),
  documents: z.array(attachedDocumentSchema).default([]),
});
export type Posting = z.infer<typeof postingSchema>;

export const generalLedgerSchema = z.object({
  account_id: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  normal_balance: z.string(),
  opening_balance: z.string(),
  closing_balance: z.string(),
  total_debit: z.string(),
  total_credit: z.string(),
  data: z.array(postingSchema),
  count: z.number(),
  page: z.number(),
  page_size: z.number(),
  total_pages: z.number(),
});
export type GeneralLedger = z.infer<typeof generalLedgerSchema>;

export type LedgerQuery = { account_id?: string | null; from?: string | null; to?: string | null };

/** Ledgers can hold 200,000 postings: the grid asks for them a page at a time. */
export const LEDGER_PAGE_SIZE = PAGE_SIZE_MAX;

export const GENERAL_LEDGER_PATH = '/accounting/workspaces/{workspace_id}/general-ledger/';

/** One page of the ledger: the grid's request, its totals' and the screen's prefetch. */
export function ledgerPageCall(workspaceId: string, query: LedgerQuery, page: number) {
  return {
    params: { workspace_id: workspaceId },
    query: {
      account_id: query.account_id || undefined,
      from: query.from || undefined,
      to: query.to || undefined,
      page,
      page_size: LEDGER_PAGE_SIZE,
    },
  };
}

export async function getLedgerPage(
  workspaceId: string,
  query: LedgerQuery,
  page: number,
  signal?: AbortSignal,
): Promise<GeneralLedger> {
  const { data } = await api.get(GENERAL_LEDGER_PATH, dataEnvelope(generalLedgerSchema), {
    ...ledgerPageCall(workspaceId, query, page),
    signal,
  });
  return data;
}

/** Whether `ledger` is the one `query` asks for (not the previous query's, kept on screen). */
export function isLedgerOf(ledger: GeneralLedger, query: LedgerQuery): boolean {
  return (
    (ledger.account_id ?? '') === (query.account_id ?? '') &&
    (ledger.from ?? '') === (query.from ?? '') &&
    (ledger.to ?? '') === (query.to ?? '')
  );
}

/** The ledger's first page: its opening/closing balances, totals and row count. */
export function useLedgerHead(query: LedgerQuery | null) {
  const workspaceId = useWorkspaceId();
  return useSWR(
    workspaceId && query
      ? [
          accountingPaths.generalLedger(workspaceId),
          query.account_id ?? '',
          query.from ?? '',
          query.to ?? '',
        ]
      : null,
    () => getLedgerPage(requireParam('workspaceId', workspaceId, 'getLedger'), query ?? {}, 1),
    { keepPreviousData: true },
  );
}

// --- Income and expense summaries -------------------------------------------------------

export const GRANULARITIES = ['month', 'quarter', 'year'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

export const summaryRowSchema = z.object({
  account_id: z.string(),
  account_code: z.string(),
  name: z.string(),
  parent_id: z.string().nullable(),
  is_last_level: z.boolean(),
  amounts: z.array(z.string()),
  budgets: z.array(z.string()),
  variances: z.array(z.string()),
  /** Variance as a percentage of the budget, one decimal; null without a budget. */
  variance_percents: z.array(z.string().nullable()).default([]),
  total: z.string(),
  budget_total: z.string(),
  variance_total: z.string(),
  variance_percent_total: z.string().nullish(),
});
export type SummaryRow = z.infer<typeof summaryRowSchema>;

export const periodSummarySchema = z.object({
  account_type: z.string(),
  from: z.string(),
  to: z.string(),
  granularity: z.enum(GRANULARITIES),
  periods: z.array(z.object({ key: z.string(), from: z.string(), to: z.string() })),
  rows: z.array(summaryRowSchema),
  totals: summaryRowSchema,
});
export type PeriodSummary = z.infer<typeof periodSummarySchema>;

export type SummaryKind = 'income' | 'expense';
export type SummaryQuery = { from: string; to: string; granularity: Granularity };

export const SUMMARY_PATHS = {
  income: '/accounting/workspaces/{workspace_id}/reports/income-summary/',
  expense: '/accounting/workspaces/{workspace_id}/reports/expense-summary/',
} as const;

/** A summary's request: the hook and the screen's prefetch make the same one. */
export function summaryCall(workspaceId: string, query: SummaryQuery) {
  return {
    params: { workspace_id: workspaceId },
    query: { from: query.from, to: query.to, granularity: query.granularity },
  };
}

export function isGranularity(value: string): value is Granularity {
  return (GRANULARITIES as readonly string[]).includes(value);
}

export function useSummary(kind: SummaryKind, query: SummaryQuery | null) {
  const workspaceId = useWorkspaceId();
  const pathOf = kind === 'income' ? accountingPaths.incomeSummary : accountingPaths.expenseSummary;
  return useSWR(
    workspaceId && query ? [pathOf(workspaceId), query.from, query.to, query.granularity] : null,
    async () => {
      const ws = requireParam('workspaceId', workspaceId, 'getSummary');
      const { data } = await api.get(
        SUMMARY_PATHS[kind],
        dataEnvelope(periodSummarySchema),
        summaryCall(ws, requireParam('query', query, 'getSummary')),
      );
      return data;
    },
    { keepPreviousData: true },
  );
}
