import { ContentLayout } from '@/components/layouts/content-layout';
import { FinancialReportsTabs } from '@/features/accounting/components/statements/financial-reports-tabs';
import { PeriodSummaryReport } from '@/features/accounting/components/period-summary-report';

export default function IncomeSummaryRoute() {
  return (
    <ContentLayout title="Income summary" caption="Income by account and period">
      <FinancialReportsTabs />
      <PeriodSummaryReport kind="income" />
    </ContentLayout>
  );
}
