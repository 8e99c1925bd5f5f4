import { ContentLayout } from '@/components/layouts/content-layout';
import { FinancialReportsTabs } from '@/features/accounting/components/statements/financial-reports-tabs';
import { BalanceSheetReport } from '@/features/accounting/components/statements/balance-sheet-report';

export default function BalanceSheetRoute() {
  return (
    <ContentLayout title="Balance sheet" caption="Assets, liabilities and equity at a date">
      <FinancialReportsTabs />
      <BalanceSheetReport />
    </ContentLayout>
  );
}
