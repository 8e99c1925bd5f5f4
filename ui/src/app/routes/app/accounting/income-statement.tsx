import { ContentLayout } from '@/components/layouts/content-layout';
import { FinancialReportsTabs } from '@/features/accounting/components/statements/financial-reports-tabs';
import { IncomeStatementReport } from '@/features/accounting/components/statements/income-statement-report';

export default function IncomeStatementRoute() {
  return (
    <ContentLayout title="Income statement" caption="Revenue, costs and profit for a period">
      <FinancialReportsTabs />
      <IncomeStatementReport />
    </ContentLayout>
  );
}
