/**
 * An account's budget for one month, as the summaries count it: the month's own budget
 * when one is set, else the standing (every-month) budget, else none.
 */
export function budgetForMonth(
  account: { budget_amount: string | null; budgets: readonly { month: string; amount: string }[] },
  month: string,
): string | null {
  return account.budgets.find((b) => b.month === month)?.amount ?? account.budget_amount;
}
