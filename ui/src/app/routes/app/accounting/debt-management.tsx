import { ContentLayout } from '@/components/layouts/content-layout';
import { DebtManagementScreen } from '@/features/debts';

export default function DebtManagementRoute() {
  return (
    <ContentLayout
      title="Debt Management"
      caption="Loans payable and receivable, their repayment schedules and aging"
    >
      <DebtManagementScreen />
    </ContentLayout>
  );
}
