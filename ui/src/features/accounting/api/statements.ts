/**
 * The financial statements: balance sheet, income statement and cash flow. Every amount
 * is a decimal string computed by the server; the UI formats them and never re-adds them.
 */
import useSWR from 'swr';
import { z } from 'zod';

import { api, dataEnvelope, requireParam } from '@/lib/api-client';
import { useWorkspaceId } from '@/lib/active-workspace';

import { accountingPaths } from './paths';

export const figureSchema = z.object({
  amount: z.string(),
  compare: z.string().nullable(),
  change: z.string().nullable(),
});
export type Figure = z.infer<typeof figureSchema>;

export const statementLineSchema = z.object({
  account_id: z.string(),
  account_code: z.string(),
  name: z.string(),
  parent_id: z.string().nullable(),
  depth: z.number(),
  is_group: z.boolean(),
  amount: figureSchema,
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const sectionBlockSchema = z.object({
  section: z.string(),
  label: z.string(),
  lines: z.array(statementLineSchema),
  total: figureSchema,
});
export type SectionBlock = z.infer<typeof sectionBlockSchema>;

const knownAtSchema = z
  .object({ known_at: z.string(), chain_seq: z.number(), head_hash: z.string() })
  .nullable();

export const balanceSheetSchema = z.object({
  as_of: z.string(),
  compare_to: z.string().nullable(),
  fiscal_year_start: z.string(),
  known_at: knownAtSchema,
  assets: z.array(sectionBlockSchema),
  total_assets: figureSchema,
  liabilities: z.array(sectionBlockSchema),
  total_liabilities: figureSchema,
  equity: sectionBlockSchema,
  retained_earnings: figureSchema,
  current_period_profit: figureSchema,
  total_equity: figureSchema,
  total_liabilities_and_equity: figureSchema,
  balanced: z.boolean(),
});
export type BalanceSheet = z.infer<typeof balanceSheetSchema>;

export const incomeStatementSchema = z.object({
  from: z.string(),
  to: z.string(),
  compare_from: z.string().nullable(),
  compare_to: z.string().nullable(),
  known_at: knownAtSchema,
  sections: z.array(sectionBlockSchema),
  revenue: figureSchema,
  cost_of_sales: figureSchema,
  gross_profit: figureSchema,
  operating_expenses: figureSchema,
  operating_profit: figureSchema,
  other_income: figureSchema,
  other_expenses: figureSchema,
  profit_before_tax: figureSchema,
  tax: figureSchema,
  net_profit: figureSchema,
});
export type IncomeStatement = z.infer<typeof incomeStatementSchema>;

export const cashFlowLineSchema = z.object({
  label: z.string(),
  account_id: z.string().nullable(),
  account_code: z.string().nullable(),
  amount: z.string(),
});
export type CashFlowLine = z.infer<typeof cashFlowLineSchema>;

const cashFlowSectionSchema = z.object({ lines: z.array(cashFlowLineSchema), total: z.string() });
export type CashFlowSection = z.infer<typeof cashFlowSectionSchema>;

export const cashFlowSchema = z.object({
  from: z.string(),
  to: z.string(),
  known_at: knownAtSchema,
  net_profit: z.string(),
  non_cash_items: cashFlowSectionSchema,
  working_capital: cashFlowSectionSchema,
  operating_total: z.string(),
  investing: cashFlowSectionSchema,
  financing: cashFlowSectionSchema,
  net_change_in_cash: z.string(),
  opening_cash: z.string(),
  closing_cash: z.string(),
  cash_accounts: z.array(cashFlowLineSchema),
  cash_accounts_movement: z.string(),
  reconciles: z.boolean(),
});
export type CashFlow = z.infer<typeof cashFlowSchema>;

export type BalanceSheetQuery = { as_of: string; compare_to?: string | null };

export const BALANCE_SHEET_PATH = '/accounting/workspaces/{workspace_id}/reports/balance-sheet/';
export const INCOME_STATEMENT_PATH =
  '/accounting/workspaces/{workspace_id}/reports/income-statement/';
export const CASH_FLOW_PATH = '/accounting/workspaces/{workspace_id}/reports/cash-flow/';

/** Each statement's request: the hook's and the screen's prefetch's. */
export function balanceSheetCall(workspaceId: string, query: BalanceSheetQuery) {
  return {
    params: { workspace_id: workspaceId },
    query: { as_of: query.as_of, compare_to: query.compare_to || undefined },
  };
}

export function incomeStatementCall(workspaceId: string, query: IncomeStatementQuery) {
  return {
    params: { workspace_id: workspaceId },
    query: {
      from: query.from,
      to: query.to,
      compare_from: query.compare_from || undefined,
      compare_to: query.compare_to || undefined,
    },
  };
}

export function cashFlowCall(workspaceId: string, query: CashFlowQuery) {
  return { params: { workspace_id: workspaceId }, query: { from: query.from, to: query.to } };
}

export function useBalanceSheet(query: BalanceSheetQuery | null) {
  const workspaceId = useWorkspaceId();
  return useSWR(
    workspaceId && query
      ? [accountingPaths.balanceSheet(workspaceId), query.as_of, query.compare_to ?? '']
      : null,
    async () => {
      const ws = requireParam('workspaceId', workspaceId, 'getBalanceSheet');
      const { data } = await api.get(
        BALANCE_SHEET_PATH,
        dataEnvelope(balanceSheetSchema),
        balanceSheetCall(ws, requireParam('query', query, 'getBalanceSheet')),
      );
      return data;
    },
    { keepPreviousData: true },
  );
}

export type IncomeStatementQuery = {
  from: string;
  to: string;
  compare_from?: string | null;
  compare_to?: string | null;
};

export function useIncomeStatement(query: IncomeStatementQuery | null) {
  const workspaceId = useWorkspaceId();
  return useSWR(
    workspaceId && query
      ? [
          accountingPaths.incomeStatement(workspaceId),
          query.from,
          query.to,
          query.compare_from ?? '',
          query.compare_to ?? '',
        ]
      : null,
    async () => {
      const ws = requireParam('workspaceId', workspaceId, 'getIncomeStatement');
      const { data } = await api.get(
        INCOME_STATEMENT_PATH,
        dataEnvelope(incomeStatementSchema),
        incomeStatementCall(ws, requireParam('query', query, 'getIncomeStatement')),
      );
      return data;
    },
    { keepPreviousData: true },
  );
}

export type CashFlowQuery = { from: string; to: string };

export function useCashFlow(query: CashFlowQuery | null) {
  const workspaceId = useWorkspaceId();
  return useSWR(
    workspaceId && query ? [accountingPaths.cashFlow(workspaceId), query.from, query.to] : null,
    async () => {
      const ws = requireParam('workspaceId', workspaceId, 'getCashFlow');
      const { data } = await api.get(
        CASH_FLOW_PATH,
        dataEnvelope(cashFlowSchema),
        cashFlowCall(ws, requireParam('query', query, 'getCashFlow')),
      );
      return data;
    },
    { keepPreviousData: true },
  );
}
