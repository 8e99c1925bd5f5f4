/**
 * Every accounting path of the API, built in one place (DESIGN.md §6: workspace-scoped,
 * kebab-case, trailing slash), and the SWR key helpers that let a mutation refresh every
 * report of the workspace at once.
 */
import { mutate } from 'swr';

export const accountingBase = (workspaceId: string): string =>
  `/accounting/workspaces/${encodeURIComponent(workspaceId)}/`;

export const accountingPaths = {
  accounts: (ws: string) => `${accountingBase(ws)}accounts/`,
  entries: (ws: string) => `${accountingBase(ws)}journal-entries/`,
  entry: (ws: string, id: string) =>
    `${accountingBase(ws)}journal-entries/${encodeURIComponent(id)}/`,
  entryHistory: (ws: string, id: string) =>
    `${accountingBase(ws)}journal-entries/${encodeURIComponent(id)}/history/`,
  lockDate: (ws: string) => `${accountingBase(ws)}lock-date/`,
  dashboard: (ws: string) => `${accountingBase(ws)}dashboard/`,
  accountingSettings: (ws: string) => `${accountingBase(ws)}accounting-settings/`,
  fiscalYears: (ws: string) => `${accountingBase(ws)}fiscal-years/`,
  trialBalance: (ws: string) => `${accountingBase(ws)}trial-balance/`,
  generalLedger: (ws: string) => `${accountingBase(ws)}general-ledger/`,
  incomeSummary: (ws: string) => `${accountingBase(ws)}reports/income-summary/`,
  expenseSummary: (ws: string) => `${accountingBase(ws)}reports/expense-summary/`,
  reports: (ws: string) => `${accountingBase(ws)}reports/`,
  balanceSheet: (ws: string) => `${accountingBase(ws)}reports/balance-sheet/`,
  incomeStatement: (ws: string) => `${accountingBase(ws)}reports/income-statement/`,
  cashFlow: (ws: string) => `${accountingBase(ws)}reports/cash-flow/`,
} as const;

/** Keys are `[path, ...params]`; a change to the books refreshes every accounting read. */
export function isAccountingKey(key: unknown): boolean {
  return Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('/accounting/');
}

export async function refreshBooks(): Promise<void> {
  await mutate(isAccountingKey);
}
