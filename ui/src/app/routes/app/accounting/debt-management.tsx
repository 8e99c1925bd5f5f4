import { IconReportMoney } from '@tabler/icons-react';

import { ContentLayout } from '@/components/layouts/content-layout';
import { EmptyState } from '@/components/ui/empty-state';

export default function DebtManagementRoute() {
  return (
    <ContentLayout title="Debt Management" caption="Loans and repayment schedules">
      <EmptyState
        icon={<IconReportMoney size={24} stroke={1.6} />}
        title="Debts will appear here"
        description="Loans and other debts with their outstanding balances, interest and repayment schedules."
      />
    </ContentLayout>
  );
}
