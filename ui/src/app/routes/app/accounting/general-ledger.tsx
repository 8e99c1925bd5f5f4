import { IconFileInvoice } from '@tabler/icons-react';

import { ContentLayout } from '@/components/layouts/content-layout';
import { EmptyState } from '@/components/ui/empty-state';

export default function GeneralLedgerRoute() {
  return (
    <ContentLayout title="General Ledger" caption="Postings per account, in date order">
      <EmptyState
        icon={<IconFileInvoice size={24} stroke={1.6} />}
        title="The general ledger will appear here"
        description="Every posting to each account in date order, with its running balance and the opening balance at the start of the period."
      />
    </ContentLayout>
  );
}
