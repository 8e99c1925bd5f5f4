import { ContentLayout } from '@/components/layouts/content-layout';
import { TrialBalanceReport } from '@/features/accounting/components/trial-balance-report';

export default function TrialBalanceRoute() {
  return (
    <ContentLayout
      title="Trial Balance"
      caption="Debit and credit totals of every account as of a date"
    >
      <TrialBalanceReport />
    </ContentLayout>
  );
}
