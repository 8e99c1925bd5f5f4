import { ContentLayout } from '@/components/layouts/content-layout';
import { AssetScheduleScreen } from '@/features/fixed-assets';

export default function AssetScheduleRoute() {
  return (
    <ContentLayout
      title="Asset schedule"
      caption="Fixed assets, their depreciation and net book values"
    >
      <AssetScheduleScreen />
    </ContentLayout>
  );
}
