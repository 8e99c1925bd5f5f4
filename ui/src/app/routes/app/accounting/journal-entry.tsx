import { IconBook2 } from '@tabler/icons-react';

import { ContentLayout } from '@/components/layouts/content-layout';
import { EmptyState } from '@/components/ui/empty-state';

export default function JournalEntryRoute() {
  return (
    <ContentLayout
      title="Journal Entry"
      caption="Record, review and post double-entry journal entries"
    >
      <EmptyState
        icon={<IconBook2 size={24} stroke={1.6} />}
        title="No journal entries to show yet"
        description="Journal entries of this workspace will be listed here with their number, date, accounts and amounts. Every entry balances: total debits equal total credits."
      />
    </ContentLayout>
  );
}
