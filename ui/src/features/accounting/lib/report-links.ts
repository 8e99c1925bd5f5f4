/** Links between the reports: every figure opens the report or ledger behind it. */
import { paths } from '@/config/paths';

export function ledgerLink(query: {
  account_id?: string | null;
  from?: string | null;
  to?: string | null;
}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return `${paths.accounting.generalLedger}${search ? `?${search}` : ''}`;
}

export function entryLink(entryId: string) {
  return `${paths.accounting.journalEntry}?entry=${encodeURIComponent(entryId)}`;
}

export function trialBalanceLink(asOf: string) {
  return `${paths.accounting.trialBalance}?as_of=${encodeURIComponent(asOf)}`;
}

export function summaryLink(kind: 'income' | 'expense', from: string, to: string) {
  const base = kind === 'income' ? paths.accounting.incomeSummary : paths.accounting.expenseSummary;
  return `${base}?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
}

export function incomeStatementLink(from: string, to: string) {
  return `${paths.accounting.incomeStatement}?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
}
