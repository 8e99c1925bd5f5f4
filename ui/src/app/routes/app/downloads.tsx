import { IconDownload } from '@tabler/icons-react';

import { ContentLayout } from '@/components/layouts/content-layout';
import { EmptyState } from '@/components/ui/empty-state';

export default function DownloadsRoute() {
  return (
    <ContentLayout title="Downloads" caption="Generated reports and attachments">
      <EmptyState
        icon={<IconDownload size={24} stroke={1.6} />}
        title="Your downloads will appear here"
        description="Financial reports you generate and files attached in this workspace will be listed here, ready to download."
      />
    </ContentLayout>
  );
}
