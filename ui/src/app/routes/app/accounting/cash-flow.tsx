import { ContentLayout } from '@/components/layouts/content-layout';
import { FinancialReportsTabs } from '@/features/accounting/components/statements/financial-reports-tabs';
import { CashFlowReport } from '@/features/accounting/components/statements/cash-flow-report';

export default function CashFlowRoute() {
  return (
    <ContentLayout
      title="Cash flow"
      caption="Where cash came from and went, by the indirect method"
    >
      <FinancialReportsTabs />
      <CashFlowReport />
    </ContentLayout>
  );
}
