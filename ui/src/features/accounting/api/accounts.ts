/**
 * Spec §7 accounts: GET accounts/ (tree), POST accounts/ (create), PUT and DELETE
 * accounts/?account_id= (update; delete or archive). The listing only logs a failure
 * (spec §8: "a listing failure is only logged"); the screen shows its own error state.
 */
import useSWR from 'swr';
import { z } from 'zod';

import { api, dataEnvelope, requireParam } from '@/lib/api-client';

import { useWorkspaceId } from '@/lib/active-workspace';

import { accountingPaths, refreshBooks } from './paths';

export const ACCOUNTS_PATH = '/accounting/workspaces/{workspace_id}/accounts/';

/** The account types of the domain, in chart order (DESIGN.md §5). */
export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  asset: 'Asset',
  liability: 'Liability',
  equity: 'Equity',
  income: 'Income',
  expense: 'Expense',
};

/** Domain `ACCOUNT_NAME_CHARS_MAX`. */
export const ACCOUNT_NAME_CHARS_MAX = 120;

export type AccountNode = {
  id: string;
  name: string;
  account_type: string;
  account_code: string;
  account_type_display: string;
  parent_id: string | null;
  archived_datetime: string | null;
  is_last_level: boolean;
  is_editable: boolean;
  /** The standing monthly budget (decimal string), if set. */
  budget_amount: string | null;
  /** Budgets set for particular months (`YYYY-MM`). */
  budgets: { month: string; amount: string }[];
  /** Asset accounts: how they depreciate, and the yearly percentage. */
  depreciation_type: string | null;
  depreciation_value: string | null;
  /** Where it shows on the statements, chosen or derived (see `own_statement_section`). */
  statement_section: string;
  cash_flow_category: string;
  /** The account's own choice; null when derived from the chart, its parent or its type. */
  own_statement_section: string | null;
  own_cash_flow_category: string | null;
  children: AccountNode[];
};

export const accountNodeSchema: z.ZodType<AccountNode> = z.object({
  id: z.string(),
  name: z.string(),
  account_type: z.string(),
  account_code: z.string(),
  account_type_display: z.string(),
  parent_id: z.string().nullable(),
  archived_datetime: z.string().nullable(),
  is_last_level: z.boolean(),
  is_editable: z.boolean(),
  budget_amount: z.string().nullable(),
  budgets: z.array(z.object({ month: z.string(), amount: z.string() })),
  depreciation_type: z.string().nullable(),
  depreciation_value: z.string().nullable(),
  statement_section: z.string(),
  cash_flow_category: z.string(),
  own_statement_section: z.string().nullable(),
  own_cash_flow_category: z.string().nullable(),
  get children() {
    return z.array(accountNodeSchema);
  },
});

/** The tree's request: the hook and the chart's prefetch make the same one. */
export function accountsCall(workspaceId: string, includeArchived: boolean) {
  return {
    params: { workspace_id: workspaceId },
    query: { include_archived: includeArchived ? 'true' : undefined },
  };
}

export async function getAccounts(workspaceId: string, includeArchived: boolean) {
  const { data } = await api.get(ACCOUNTS_PATH, dataEnvelope(z.array(accountNodeSchema)), {
    ...accountsCall(workspaceId, includeArchived),
    handleErrors: false,
  });
  return data;
}

export function useAccounts({ includeArchived = false }: { includeArchived?: boolean } = {}) {
  const workspaceId = useWorkspaceId();
  return useSWR(workspaceId ? [accountingPaths.accounts(workspaceId), includeArchived] : null, () =>
    getAccounts(requireParam('workspaceId', workspaceId, 'getAccounts'), includeArchived).catch(
      (error: unknown) => {
        console.warn('Listing accounts failed:', String(error));
        throw error;
      },
    ),
  );
}

/** A tree flattened depth-first, each node with its depth (for indentation and pickers). */
export type FlatAccount = Omit<AccountNode, 'children'> & { depth: number; path: string[] };

export function flattenAccounts(nodes: readonly AccountNode[], depth = 0, path: string[] = []) {
  const out: FlatAccount[] = [];
  for (const node of nodes) {
    const { children, ...account } = node;
    out.push({ ...account, depth, path: [...path, node.id] });
    out.push(...flattenAccounts(children, depth + 1, [...path, node.id]));
  }
  return out;
}

/** How an asset account depreciates (the server's `DepreciationType`). */
export const DEPRECIATION_METHODS = ['straight_line', 'declining_balance'] as const;
export type DepreciationMethod = (typeof DEPRECIATION_METHODS)[number];
export const DEPRECIATION_LABELS: Record<DepreciationMethod, string> = {
  straight_line: 'Straight line',
  declining_balance: 'Declining balance',
};

/** "Straight line, 25.00% a year"; empty for an account that does not depreciate. */
export function depreciationLabel(account: {
  depreciation_type: string | null;
  depreciation_value: string | null;
}): string {
  const method = DEPRECIATION_LABELS[account.depreciation_type as DepreciationMethod];
  if (!method || !account.depreciation_value) return '';
  return `${method}, ${account.depreciation_value}% a year`;
}

/** The statement sections (the server's `StatementSection`), in statement order. */
export const STATEMENT_SECTIONS = [
  'current_assets',
  'non_current_assets',
  'current_liabilities',
  'non_current_liabilities',
  'equity',
  'revenue',
  'cost_of_sales',
  'operating_expenses',
  'other_income',
  'other_expenses',
  'tax',
] as const;
export type StatementSection = (typeof STATEMENT_SECTIONS)[number];
export const STATEMENT_SECTION_LABELS: Record<StatementSection, string> = {
  current_assets: 'Current assets',
  non_current_assets: 'Non-current assets',
  current_liabilities: 'Current liabilities',
  non_current_liabilities: 'Non-current liabilities',
  equity: 'Equity',
  revenue: 'Revenue',
  cost_of_sales: 'Cost of sales',
  operating_expenses: 'Operating expenses',
  other_income: 'Other income',
  other_expenses: 'Other expenses',
  tax: 'Tax',
};

/** The sections an account type may sit in (the server's `StatementSection::allows`). */
export const SECTIONS_BY_TYPE: Record<AccountType, readonly StatementSection[]> = {
  asset: ['current_assets', 'non_current_assets'],
  liability: ['current_liabilities', 'non_current_liabilities'],
  equity: ['equity'],
  income: ['revenue', 'other_income'],
  expense: ['cost_of_sales', 'operating_expenses', 'other_expenses', 'tax'],
};

/** The cash-flow categories (the server's `CashFlowCategory`). */
export const CASH_FLOW_CATEGORIES = [
  'operating',
  'investing',
  'financing',
  'cash',
  'non_cash',
] as const;
export type CashFlowCategory = (typeof CASH_FLOW_CATEGORIES)[number];
export const CASH_FLOW_CATEGORY_LABELS: Record<CashFlowCategory, string> = {
  operating: 'Operating (working capital)',
  investing: 'Investing',
  financing: 'Financing',
  cash: 'Cash and cash equivalents',
  non_cash: 'Non-cash item',
};

/** The categories an account type may have (the server's `CashFlowCategory::allows`). */
export function cashFlowCategoriesFor(type: AccountType): readonly CashFlowCategory[] {
  return CASH_FLOW_CATEGORIES.filter(
    (c) =>
      (c !== 'cash' || type === 'asset') &&
      (c !== 'non_cash' || type === 'asset' || type === 'liability'),
  );
}

export type AccountInput = {
  name: string;
  account_code: string;
  account_type: AccountType;
  parent_id: string | null;
  /** Asset accounts only; both or neither (`null` clears them on an edit). */
  depreciation_type?: DepreciationMethod | null;
  depreciation_value?: string | null;
  /** null derives the place from the chart, the parent or the type. */
  statement_section?: StatementSection | null;
  cash_flow_category?: CashFlowCategory | null;
};

const idEnvelope = dataEnvelope(z.object({ id: z.string() }).loose());

export async function createAccount(workspaceId: string, input: AccountInput) {
  const { data } = await api.post(ACCOUNTS_PATH, idEnvelope, {
    params: { workspace_id: workspaceId },
    body: input,
  });
  await refreshBooks();
  return data;
}

export async function updateAccount(
  workspaceId: string,
  accountId: string,
  input: Omit<AccountInput, 'account_type'>,
) {
  const { data } = await api.put(ACCOUNTS_PATH, idEnvelope, {
    params: { workspace_id: workspaceId },
    query: { account_id: accountId },
    body: input,
  });
  await refreshBooks();
  return data;
}

/** Deletes an account never posted to; the server archives one with postings instead. */
export async function removeAccount(workspaceId: string, accountId: string) {
  const { data } = await api.delete(
    ACCOUNTS_PATH,
    dataEnvelope(z.object({ id: z.string(), archived: z.boolean() })),
    { params: { workspace_id: workspaceId }, query: { account_id: accountId } },
  );
  await refreshBooks();
  return data;
}

/** What a budget applies to: every month (standing), one month, or a year spread evenly. */
export type BudgetPeriod =
  { kind: 'standing' } | { kind: 'month'; month: string } | { kind: 'year'; year: number };

export async function setBudget(
  workspaceId: string,
  accountId: string,
  amount: string,
  period: BudgetPeriod,
) {
  const body = {
    amount,
    month: period.kind === 'month' ? period.month : undefined,
    year: period.kind === 'year' ? period.year : undefined,
  };
  await api.post(
    '/accounting/workspaces/{workspace_id}/accounts/{account_id}/action/budget-amount/',
    z.unknown(),
    { params: { workspace_id: workspaceId, account_id: accountId }, body },
  );
  await refreshBooks();
}
