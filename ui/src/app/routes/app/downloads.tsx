import { ContentLayout } from '@/components/layouts/content-layout';
import { DownloadsScreen } from '@/features/reports/components/downloads-screen';

export default function DownloadsRoute() {
  return (
    <ContentLayout title="Downloads" caption="Financial reports generated in this workspace">
      <DownloadsScreen />
    </ContentLayout>
  );
}
