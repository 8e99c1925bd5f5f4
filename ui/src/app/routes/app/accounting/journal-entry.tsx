import { ContentLayout } from '@/components/layouts/content-layout';
import { JournalEntryScreen } from '@/features/accounting/components/journal-entry-screen';

export default function JournalEntryRoute() {
  return (
    <ContentLayout
      title="Journal Entry"
      caption="Record, review and post double-entry journal entries"
    >
      <JournalEntryScreen />
    </ContentLayout>
  );
}
