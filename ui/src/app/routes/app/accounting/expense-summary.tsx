import { IconReceipt2 } from '@tabler/icons-react';

import { ContentLayout } from '@/components/layouts/content-layout';
import { EmptyState } from '@/components/ui/empty-state';

export default function ExpenseSummaryRoute() {
  return (
    <ContentLayout title="Expense summary" caption="Expenses by account and period">
      <EmptyState
        icon={<IconReceipt2 size={24} stroke={1.6} />}
        title="The expense summary will appear here"
        description="Expense totals by account and by period, compared with the budgets set on the chart of accounts."
      />
    </ContentLayout>
  );
}
