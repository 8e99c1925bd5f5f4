import { ContentLayout } from '@/components/layouts/content-layout';
import { PeriodSummaryReport } from '@/features/accounting/components/period-summary-report';

export default function ExpenseSummaryRoute() {
  return (
    <ContentLayout title="Expense summary" caption="Expenses by account and period">
      <PeriodSummaryReport kind="expense" />
    </ContentLayout>
  );
}
