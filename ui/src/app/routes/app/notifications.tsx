import { IconBell } from '@tabler/icons-react';

import { ContentLayout } from '@/components/layouts/content-layout';
import { EmptyState } from '@/components/ui/empty-state';

export default function NotificationsRoute() {
  return (
    <ContentLayout title="Notifications" caption="Messages about your workspaces and account">
      <EmptyState
        icon={<IconBell size={24} stroke={1.6} />}
        title="Your notifications will appear here"
        description="Invitations, payment results, finished reports and other updates about your workspaces will be listed here, newest first."
      />
    </ContentLayout>
  );
}
