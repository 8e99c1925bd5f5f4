import { ContentLayout } from '@/components/layouts/content-layout';
import { PeriodSummaryReport } from '@/features/accounting/components/period-summary-report';

export default function IncomeSummaryRoute() {
  return (
    <ContentLayout title="Income summary" caption="Income by account and period">
      <PeriodSummaryReport kind="income" />
    </ContentLayout>
  );
}
