import { IconBuildingBank } from '@tabler/icons-react';

import { ContentLayout } from '@/components/layouts/content-layout';
import { EmptyState } from '@/components/ui/empty-state';

export default function AssetScheduleRoute() {
  return (
    <ContentLayout title="Asset schedule" caption="Fixed assets and their depreciation">
      <EmptyState
        icon={<IconBuildingBank size={24} stroke={1.6} />}
        title="The asset schedule will appear here"
        description="Fixed assets with their cost, depreciation method, accumulated depreciation and net book value."
      />
    </ContentLayout>
  );
}
