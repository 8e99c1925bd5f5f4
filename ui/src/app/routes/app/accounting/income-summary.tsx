import { IconChartBar } from '@tabler/icons-react';

import { ContentLayout } from '@/components/layouts/content-layout';
import { EmptyState } from '@/components/ui/empty-state';

export default function IncomeSummaryRoute() {
  return (
    <ContentLayout title="Income summary" caption="Income by account and period">
      <EmptyState
        icon={<IconChartBar size={24} stroke={1.6} />}
        title="The income summary will appear here"
        description="Income totals by account and by period, built from the entries posted to income accounts."
      />
    </ContentLayout>
  );
}
