/**
 * What the debt screen's address says: which tab is open (`?tab=`, debts unless aging)
 * and which debt is open below the list (`?debt=`). The screen and its prefetch read it
 * the same way.
 */
export const DEBT_TABS = ['debts', 'aging'] as const;
export type DebtTab = (typeof DEBT_TABS)[number];

export function debtScreenAddress(search: URLSearchParams): {
  tab: DebtTab;
  debt: string | null;
} {
  const tab = search.get('tab');
  return {
    tab: DEBT_TABS.find((known) => known === tab) ?? 'debts',
    debt: search.get('debt'),
  };
}
