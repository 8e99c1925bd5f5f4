import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router-dom';

import { paths } from '@/config/paths';

const a = paths.accounting;

/** The financial reports, one tab each: the summaries and the three statements. */
const TABS = [
  { to: a.incomeSummary, label: 'Income summary' },
  { to: a.expenseSummary, label: 'Expense summary' },
  { to: a.balanceSheet, label: 'Balance sheet' },
  { to: a.incomeStatement, label: 'Income statement' },
  { to: a.cashFlow, label: 'Cash flow' },
] as const;

/**
 * Tabs over the financial reports. The side navigation keeps the spec's items (Income
 * summary, Expense summary); the statements sit beside them here, one click away.
 */
export function FinancialReportsTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = TABS.find((t) => pathname === t.to)?.to ?? null;
  return (
    <Tabs
      value={active}
      onChange={(to) => to && navigate(to)}
      mb="md"
      aria-label="Financial reports"
    >
      <Tabs.List>
        {TABS.map((t) => (
          <Tabs.Tab key={t.to} value={t.to}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
