import { IconScale } from '@tabler/icons-react';

import { ContentLayout } from '@/components/layouts/content-layout';
import { EmptyState } from '@/components/ui/empty-state';

export default function TrialBalanceRoute() {
  return (
    <ContentLayout
      title="Trial Balance"
      caption="Debit and credit totals of every account as of a date"
    >
      <EmptyState
        icon={<IconScale size={24} stroke={1.6} />}
        title="The trial balance will appear here"
        description="Each account with its debit and credit totals as of the date you choose, and grand totals that always agree."
      />
    </ContentLayout>
  );
}
