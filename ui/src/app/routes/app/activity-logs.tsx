import { IconHistory } from '@tabler/icons-react';

import { ContentLayout } from '@/components/layouts/content-layout';
import { EmptyState } from '@/components/ui/empty-state';

export default function ActivityLogsRoute() {
  return (
    <ContentLayout title="User Activity Logs" caption="Who did what in this workspace, and when">
      <EmptyState
        icon={<IconHistory size={24} stroke={1.6} />}
        title="The activity log will appear here"
        description="Sign-ins, postings, invitations and other actions by the users of this workspace, filterable by user and activity type."
      />
    </ContentLayout>
  );
}
