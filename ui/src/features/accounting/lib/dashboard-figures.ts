/**
 * The dashboard's figures, derived exactly (integer cents) from the reports the server
 * already computes: no dashboard endpoint exists yet, and none is needed for these.
 */
import { centsOf, centsToDecimal } from '@/lib/money';

import type { TrialBalanceRow } from '../api/reports';

const CASH_PARENT = /^cash\b/i;
const CASH_LEAF = /\b(cash|bank)\b/i;

/**
 * Cash position as of the trial balance date: the "Cash and bank" group of the chart when
 * there is one (the default chart's 1100), otherwise the sum of the asset accounts named
 * cash or bank. `accountId` is what the figure links to (the group's ledger), when single.
 */
export function cashPosition(rows: readonly TrialBalanceRow[]): {
  amount: string;
  accountId: string | null;
} {
  const group = rows.find(
    (row) => row.account_type === 'asset' && !row.is_last_level && CASH_PARENT.test(row.name),
  );
  if (group) return { amount: group.balance, accountId: group.account_id };
  const leaves = rows.filter(
    (row) => row.account_type === 'asset' && row.is_last_level && CASH_LEAF.test(row.name),
  );
  const total = leaves.reduce((sum, row) => sum + centsOf(row.balance), 0n);
  return {
    amount: centsToDecimal(total),
    accountId: leaves.length === 1 ? (leaves[0]?.account_id ?? null) : null,
  };
}

/** Income less expenses, exactly. */
export function netIncome(income: string, expenses: string): string {
  return centsToDecimal(centsOf(income) - centsOf(expenses));
}
