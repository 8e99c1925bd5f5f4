import { ContentLayout } from '@/components/layouts/content-layout';
import { FinancialReportsTabs } from '@/features/accounting/components/statements/financial-reports-tabs';
import { PeriodSummaryReport } from '@/features/accounting/components/period-summary-report';

export default function ExpenseSummaryRoute() {
  return (
    <ContentLayout title="Expense summary" caption="Expenses by account and period">
      <FinancialReportsTabs />
      <PeriodSummaryReport kind="expense" />
    </ContentLayout>
  );
}
