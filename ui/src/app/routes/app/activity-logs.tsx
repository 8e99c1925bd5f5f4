import { ContentLayout } from '@/components/layouts/content-layout';
import { ActivityLogScreen } from '@/features/activity-log/components/activity-log-screen';

export default function ActivityLogsRoute() {
  return (
    <ContentLayout title="User Activity Logs" caption="Who did what in this workspace, and when">
      <ActivityLogScreen />
    </ContentLayout>
  );
}
