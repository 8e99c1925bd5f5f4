import { ContentLayout } from '@/components/layouts/content-layout';
import { GeneralLedgerReport } from '@/features/accounting/components/general-ledger-report';

export default function GeneralLedgerRoute() {
  return (
    <ContentLayout title="General Ledger" caption="Postings per account, in date order">
      <GeneralLedgerReport />
    </ContentLayout>
  );
}
