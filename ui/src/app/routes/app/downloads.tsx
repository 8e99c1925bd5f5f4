import { Tabs } from '@mantine/core';

import { ContentLayout } from '@/components/layouts/content-layout';
import { DocumentsTab } from '@/features/documents';
import { DownloadsScreen } from '@/features/reports/components/downloads-screen';
import { useBooksPermissions } from '@/features/accounting/hooks/use-books-permissions';
import { useWorkspaceId } from '@/lib/active-workspace';

export default function DownloadsRoute() {
  const workspaceId = useWorkspaceId();
  const { canWriteDrafts } = useBooksPermissions();
  return (
    <ContentLayout
      title="Downloads"
      caption="Financial reports generated in this workspace, and the documents kept with its books"
    >
      <Tabs defaultValue="reports" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="reports">Generated reports</Tabs.Tab>
          <Tabs.Tab value="documents">Documents</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="reports">
          <DownloadsScreen />
        </Tabs.Panel>
        <Tabs.Panel value="documents">
          {workspaceId && <DocumentsTab workspaceId={workspaceId} canUpload={canWriteDrafts} />}
        </Tabs.Panel>
      </Tabs>
    </ContentLayout>
  );
}
